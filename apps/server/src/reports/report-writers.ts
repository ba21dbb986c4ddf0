import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { CHART_SIZE, renderBarChartSvg } from './chart-svg.ts';
import { csvDelimiter, writeCsvBlocks } from './csv.ts';
import { type PdfBlock, type PdfHeader, renderPdf } from './pdf/render-pdf.ts';
import {
  numberFormatter,
  type ReportCell,
  type ReportDocument,
  type ReportPart,
  type ReportTable,
} from './report-document.ts';

/** A written report file: its bytes and content type. */
export interface ReportFile {
  data: Buffer;
  mime: string;
  extension: 'pdf' | 'csv' | 'xlsx';
}

/**
 * The report as a PDF (`renderPdf`): the project's header block on every page, title and lines, each
 * part under its heading with its paragraphs, charts (ECharts SVG drawn as vectors) and tables (captioned
 * with their title unless it is the part's, which the heading already prints), numbers in
 * the reader's format; on every page the generation time and "Page X of Y", and a table's header row again
 * after each page break.
 */
export async function writeReportPdf(
  report: ReportDocument,
  header: PdfHeader,
  generated: { at: Date; timeZone: string; timeFormat: number },
): Promise<ReportFile> {
  const format = numberFormatter(report.language);
  const text = (cell: ReportCell, decimals?: number) =>
    cell === null ? '' : typeof cell === 'number' ? format(cell, decimals) : cell;
  const tableBlock = (table: ReportTable, part: ReportPart): PdfBlock => ({
    kind: 'table',
    caption: table.title === part.name ? undefined : table.title,
    columns: table.columns.map((column) => ({
      label: column.label,
      width: column.width,
      align: column.decimals === undefined ? 'left' : 'right',
    })),
    rows: table.rows.map((row, index) => ({
      cells: row.map((cell, column) => text(cell, table.columns[column]?.decimals)),
      highlight: table.highlight?.[index] ?? false,
    })),
  });
  const blocks: PdfBlock[] = report.parts.flatMap((part) => [
    { kind: 'heading', text: part.name } as PdfBlock,
    ...part.blocks.map((block): PdfBlock => {
      if (block.kind === 'paragraph') return block;
      if (block.kind === 'chart') return { kind: 'chart', svg: renderBarChartSvg(block.chart), ...CHART_SIZE };
      return tableBlock(block.table, part);
    }),
  ]);
  const data = await renderPdf({
    header,
    title: report.title,
    period: report.lines.join('\n'),
    blocks,
    generated,
    language: report.language,
    orientation: report.orientation,
    repeatHeader: true,
  });
  return { data, mime: 'application/pdf', extension: 'pdf' };
}

/**
 * The report as one CSV file: its lines, then each table as a title line ("part: table", or the part's
 * name alone for a table titled as its part), a header line and its rows (`writeCsvBlocks`: UTF-8 with BOM,
 * `;` for German and Spanish readers, formula-like text kept text). Numbers are written as they are.
 */
export function writeReportCsv(report: ReportDocument): ReportFile {
  const blocks = report.parts.flatMap((part) =>
    part.blocks.flatMap((block) =>
      block.kind === 'table'
        ? [
            {
              title: block.table.title === part.name ? part.name : `${part.name}: ${block.table.title}`,
              header: block.table.columns.map((column) => column.label),
              rows: block.table.rows,
            },
          ]
        : [],
    ),
  );
  const csv = writeCsvBlocks([report.title, ...report.lines], blocks, { delimiter: csvDelimiter(report.language) });
  return { data: Buffer.from(csv, 'utf8'), mime: 'text/csv; charset=utf-8', extension: 'csv' };
}

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
      longest[index] = Math.max(longest[index] ?? 0, widest);
    });
  }
  return longest.map((width) => Math.min(WIDTH.max, Math.max(WIDTH.min, width + 2)));
}

/** A row of a worksheet, as `sheetRows` lays them out. */
type SheetRow =
  | { kind: 'title' | 'line' | 'caption'; text: string }
  | { kind: 'gap' }
  | { kind: 'head'; table: ReportTable }
  | { kind: 'row'; table: ReportTable; index: number };

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
    for (let index = 0; index < block.table.rows.length; index += 1) yield { kind: 'row', table: block.table, index };
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

/** Rows written to a worksheet between two turns of the event loop. */
const ROWS_PER_TURN = 2000;

const HEAD_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF0F0F0' } } as const;

function writeSheetRow(sheet: ExcelJS.Worksheet, row: SheetRow): void {
  if (row.kind === 'gap') {
    sheet.addRow([]).commit();
    return;
  }
  if (row.kind !== 'head' && row.kind !== 'row') {
    const added = sheet.addRow([row.text]);
    if (row.kind === 'title') added.font = { bold: true, size: 13 };
    if (row.kind === 'caption') added.font = { bold: true };
    added.commit();
    return;
  }
  const { table } = row;
  if (row.kind === 'head') {
    const head = sheet.addRow(table.columns.map((column) => column.label));
    head.font = { bold: true };
    head.eachCell((cell) => {
      cell.fill = HEAD_FILL;
    });
    head.commit();
    return;
  }
  const values = table.rows[row.index]!;
  const added = sheet.addRow(values.map((cell) => cell ?? null));
  const bold = table.highlight?.[row.index] ?? false;
  const styles = stylesOf(table);
  // Each cell takes one of its column's shared styles: exceljs looks a style object it has seen up by
  // identity, and describes (and compares) a new one each time, which for every cell of a large sheet was
  // most of the writing time.
  added.eachCell({ includeEmpty: true }, (cell, number) => {
    const numeric = typeof values[number - 1] === 'number';
    cell.style = (bold ? styles.bold : styles.plain)[number - 1]?.[numeric ? 1 : 0] ?? (bold ? BOLD : PLAIN);
  });
  added.commit();
}

const PLAIN: Partial<ExcelJS.Style> = {};
const BOLD: Partial<ExcelJS.Style> = { font: { bold: true } };
const tableStyles = new WeakMap<ReportTable, { plain: Partial<ExcelJS.Style>[][]; bold: Partial<ExcelJS.Style>[][] }>();

/**
 * The cell styles of a table's columns, made once per table: plain and bold, each for text and for a number
 * (with the column's decimals as its number format).
 */
function stylesOf(table: ReportTable) {
  let styles = tableStyles.get(table);
  if (!styles) {
    const numFmt = (decimals: number) => (decimals === 0 ? '0' : `0.${'0'.repeat(decimals)}`);
    styles = {
      plain: table.columns.map((column) => [
        PLAIN,
        column.decimals === undefined ? PLAIN : { numFmt: numFmt(column.decimals) },
      ]),
      bold: table.columns.map((column) => [
        BOLD,
        column.decimals === undefined ? BOLD : { numFmt: numFmt(column.decimals), font: { bold: true } },
      ]),
    };
    tableStyles.set(table, styles);
  }
  return styles;
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
    let written = 0;
    for (const row of sheetRows(report, part)) {
      writeSheetRow(sheet, row);
      written += 1;
      // Let the pages being served meanwhile, and the compression of the rows written so far, have their turn.
      if (written % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const only = tables[0];
    if (head !== null && only && only.columns.length > 0) {
      sheet.autoFilter = {
        from: { row: head, column: 1 },
        to: { row: head + only.rows.length, column: only.columns.length },
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
