import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportCell, ReportDocument, ReportPart, ReportTable } from './report-document.ts';
import type { ReportFile } from './report-file.ts';
import { rowWriter } from './xlsx-row-writer.ts';

/** Characters a worksheet name may not hold, its longest length, and the name Excel keeps for itself. */
const FORBIDDEN_IN_NAME = /[[\]:*?/\\]/g;
const NAME_MAX = 31;
const RESERVED_NAME = 'history';

/** The first `max` characters of a name (never half of one), without spaces or apostrophes at either end. */
const cutName = (name: string, max: number) =>
  [...name]
    .slice(0, max)
    .join('')
    .replace(/^['\s]+|['\s]+$/g, '');

/**
 * A worksheet name Excel accepts, once in the workbook: `[]:*?/\` turned to spaces and runs of spaces to
 * one, no apostrophe at either end, at most 31 characters, not "History" (Excel's own), and a name already
 * taken (case aside) numbered " (2)", " (3)" …
 */
function sheetName(name: string, taken: Set<string>): string {
  const base = cutName(name.replace(FORBIDDEN_IN_NAME, ' ').replace(/\s+/g, ' '), NAME_MAX) || 'Sheet';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()) || candidate.toLowerCase() === RESERVED_NAME; n += 1) {
    const suffix = ` (${n})`;
    candidate = `${cutName(base, NAME_MAX - suffix.length)}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

const WIDTH = { min: 8, max: 60 } as const;

/** Width of a text in character cells: CJK characters take two. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += char.codePointAt(0)! >= 0x2e80 ? 2 : 1;
  return width;
}

/** A cell as the sheet shows it: numbers with their column's decimals. */
const cellText = (cell: ReportCell, decimals?: number) =>
  cell === null
    ? ''
    : typeof cell === 'number'
      ? decimals === undefined
        ? String(cell)
        : cell.toFixed(decimals)
      : cell;

/**
 * The widths of a worksheet's columns: each as wide as the longest header or cell of the sheet's tables in
 * it (CJK characters count double), within 8 to 60; titles, lines and paragraphs are left to run on over
 * the empty cells beside them.
 */
function columnWidths(tables: readonly ReportTable[]): number[] {
  const longest: number[] = [];
  for (const table of tables) {
    table.columns.forEach((column, index) => {
      let widest = textWidth(column.label);
      for (const row of table.rows) widest = Math.max(widest, textWidth(cellText(row[index] ?? null, column.decimals)));
      for (const row of table.more?.widest ?? []) {
        widest = Math.max(widest, textWidth(cellText(row[index] ?? null, column.decimals)));
      }
      longest[index] = Math.max(longest[index] ?? 0, widest);
    });
  }
  return longest.map((width) => Math.min(WIDTH.max, Math.max(WIDTH.min, width + 2)));
}

/** A row of a worksheet, as `sheetRows` lays them out; `body` stands for a table's rows (`writeTableRows`). */
type SheetRow =
  | { kind: 'title' | 'line' | 'caption'; text: string }
  | { kind: 'gap' }
  | { kind: 'head'; table: ReportTable }
  | { kind: 'body'; table: ReportTable };

/**
 * The rows of a part's worksheet, top to bottom: the report's title and lines, then each paragraph and each
 * table (its title, header row and rows) after an empty row; charts are left to the PDF.
 */
function* sheetRows(report: ReportDocument, part: ReportPart): Generator<SheetRow> {
  yield { kind: 'title', text: report.title };
  for (const line of report.lines) yield { kind: 'line', text: line };
  for (const block of part.blocks) {
    if (block.kind === 'chart') continue;
    yield { kind: 'gap' };
    if (block.kind === 'paragraph') {
      yield { kind: 'line', text: block.text };
      continue;
    }
    yield { kind: 'caption', text: block.table.title };
    yield { kind: 'head', table: block.table };
    yield { kind: 'body', table: block.table };
  }
}

/** The number of the first header row of a part's worksheet (1 for the first row), or null without a table. */
function headRowNumber(report: ReportDocument, part: ReportPart): number | null {
  let number = 0;
  for (const row of sheetRows(report, part)) {
    number += 1;
    if (row.kind === 'head') return number;
  }
  return null;
}

/**
 * Rows written to a worksheet between two turns of the event loop: some 50 kB of XML, about what the zip
 * entry compresses in one turn, so compression keeps pace on the other core rather than falling behind.
 */
const ROWS_PER_TURN = 250;

const HEAD_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F0F0' } } as const;

/** Writes a row of a worksheet other than a table's rows, and commits it. */
function writeSheetRow(sheet: ExcelJS.Worksheet, row: Exclude<SheetRow, { kind: 'body' }>): void {
  if (row.kind === 'gap') {
    sheet.addRow([]).commit();
    return;
  }
  if (row.kind !== 'head') {
    const added = sheet.addRow([row.text]);
    if (row.kind === 'title') added.font = { bold: true, size: 13 };
    if (row.kind === 'caption') added.font = { bold: true };
    added.commit();
    return;
  }
  const head = sheet.addRow(row.table.columns.map((column) => column.label));
  head.font = { bold: true };
  head.eachCell((cell) => {
    cell.fill = HEAD_FILL;
  });
  head.commit();
}

/**
 * Waits until the compression of a worksheet's XML has caught up with the rows written. The streaming
 * writer's sheet stream (`stream`, exceljs 4.4) passes its XML on to the zip entry without waiting, so rows
 * written faster than they are compressed would pile up as XML in memory (100 MB for a year of 1,000
 * devices); the entry's stream says, as any writable does, when it has taken in what it was given.
 */
async function compressed(sheet: ExcelJS.Worksheet): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: ZipEntry[] } }).stream?.pipes?.[0];
  // The entry is a stream of archiver's readable-stream 2, which keeps its state in `_writableState`.
  const waiting = entry?._writableState?.length ?? entry?.writableLength ?? 0;
  if (entry && !entry.destroyed && waiting > XML_WAITING_MAX) await once(entry, 'drain');
}

/** A zip entry's stream, as `compressed` reads it. */
type ZipEntry = Writable & { _writableState?: { length?: number } };

/** Bytes of a worksheet's XML that may wait for compression while further rows are written. */
const XML_WAITING_MAX = 2 * 1024 * 1024;

/**
 * Writes a table's rows (`rows`, then the chunks of `more` as they are read); every `ROWS_PER_TURN` rows it
 * waits for their compression (`compressed`) and lets the event loop turn, so the pages being served
 * meanwhile have their turn, memory holds a few rows' XML, not the sheet's, and a chunk's rows are let go
 * once written.
 */
async function writeTableRows(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: ExcelJS.Worksheet,
  table: ReportTable,
) {
  const write = rowWriter(workbook, sheet, table);
  let written = 0;
  const next = async (values: ReportCell[], bold: boolean) => {
    write.row(values, bold);
    written += 1;
    if (written % ROWS_PER_TURN === 0) {
      write.flush();
      await compressed(sheet);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  for (let index = 0; index < table.rows.length; index += 1) {
    await next(table.rows[index]!, table.highlight?.[index] ?? false);
  }
  if (table.more) for (const chunk of table.more.chunks()) for (const values of chunk) await next(values, false);
  write.flush();
}

/**
 * The report as an XLSX workbook written with exceljs' streaming `WorkbookWriter` (rows are committed as
 * they are written, so a large device report does not sit in memory as cell objects): one worksheet per
 * part, named as Excel allows (`sheetName`), led by the title and lines, each table under its bold title
 * with a bold, shaded header row; numbers are numeric cells formatted with the column's decimals, text is
 * stored as text (never as a formula, whatever it starts with), highlighted rows are bold, and columns are
 * as wide as their longest text. A worksheet holding one table keeps the rows down to its header row in
 * view when scrolling and puts filters on it.
 */
export async function writeReportXlsx(report: ReportDocument): Promise<ReportFile> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Lightwell';
  workbook.title = report.title;
  const taken = new Set<string>();
  for (const part of report.parts) {
    const tables = part.blocks.flatMap((block) => (block.kind === 'table' ? [block.table] : []));
    // The streaming writer writes a sheet's views when it is added and its columns with the first row.
    const head = tables.length === 1 ? headRowNumber(report, part) : null;
    const sheet = workbook.addWorksheet(sheetName(part.sheet ?? part.name, taken), {
      views: head === null ? [] : [{ state: 'frozen', ySplit: head }],
    });
    const widths = columnWidths(tables);
    if (widths.length > 0) sheet.columns = widths.map((width) => ({ width }));
    for (const row of sheetRows(report, part)) {
      if (row.kind === 'body') await writeTableRows(workbook, sheet, row.table);
      else writeSheetRow(sheet, row);
    }
    const only = tables[0];
    if (head !== null && only && only.columns.length > 0) {
      sheet.autoFilter = {
        from: { row: head, column: 1 },
        to: { row: head + only.rows.length + (only.more?.count ?? 0), column: only.columns.length },
      };
    }
    sheet.commit();
  }
  await workbook.commit();
  await ended;
  return {
    data: Buffer.concat(chunks),
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  };
}
