import type ExcelJS from 'exceljs';
import type { ReportCell, ReportTable } from './report-document.ts';

/** The streaming worksheet's state a table's rows are written past (exceljs 4.4 `WorksheetWriter`). */
interface SheetState {
  _rowZero?: number;
  _rows?: unknown[];
  startedData?: boolean;
  stream?: { write(xml: string): unknown };
}

/** Column letters of the first columns of a sheet (A to ZZ). */
const LETTERS = Array.from({ length: 702 }, (_, index) =>
  index < 26
    ? String.fromCharCode(65 + index)
    : String.fromCharCode(64 + Math.floor(index / 26)) + String.fromCharCode(65 + (index % 26)),
);

/** Characters XML escapes, and those exceljs leaves out of a text (control characters but tab and line ends). */
const XML_SPECIAL = /[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/;
const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const xmlText = (text: string) =>
  XML_SPECIAL.test(text)
    ? text.replace(/[<>&'"\x7F\x00-\x08\x0B-\x0C\x0E-\x1F]/g, (char) => XML_ESCAPES[char] ?? '')
    : text;

/**
 * Writes a table's rows into a streaming worksheet. Each cell takes one of its column's shared styles
 * (`stylesOf`), whose number in the workbook's styles is asked for once. A row is written as the XML exceljs
 * writes for it (`<row r spans x14ac:dyDescent>` of `<c r s t="str"><v>` cells, an empty cell only when it
 * has a style, a row of empty cells not at all), straight into the sheet's stream a few hundred rows at a
 * time, rather than as a row and cell objects exceljs describes, styles, encodes and joins one by one:
 * that was most of the CPU time of a year of a large network's device-days. Where the sheet is not the
 * streaming writer's as known, rows go through `addRow` and `commit`.
 */
export function rowWriter(workbook: ExcelJS.stream.xlsx.WorkbookWriter, sheet: ExcelJS.Worksheet, table: ReportTable) {
  const styles = stylesOf(table);
  const state = sheet as unknown as SheetState;
  const known = (workbook as unknown as { styles?: WorkbookStyles }).styles;
  const direct =
    known !== undefined &&
    typeof known.addStyleModel === 'function' &&
    typeof state._rowZero === 'number' &&
    state._rows?.length === 0 &&
    state.startedData === true &&
    typeof state.stream?.write === 'function' &&
    table.columns.length <= LETTERS.length;
  const styleOf = (bold: boolean, index: number, numeric: boolean) =>
    (bold ? styles.bold : styles.plain)[index]?.[numeric ? 1 : 0] ?? (bold ? BOLD : PLAIN);
  if (!direct) {
    return {
      row(values: ReportCell[], bold: boolean) {
        const added = sheet.addRow(values);
        for (let index = 0; index < values.length; index += 1) {
          added.getCell(index + 1).style = styleOf(bold, index, typeof values[index] === 'number');
        }
        added.commit();
      },
      flush() {},
    };
  }
  // The number of each shared style in the workbook, asked for as exceljs asks (style, then the cell's type).
  const ids = new Map<Partial<ExcelJS.Style>, number>();
  const idOf = (style: Partial<ExcelJS.Style>, type: ExcelJS.ValueType) => {
    let id = ids.get(style);
    if (id === undefined) {
      id = known.addStyleModel(style, type);
      ids.set(style, id);
    }
    return id;
  };
  // exceljs describes each row's own (empty) style before its cells'.
  known.addStyleModel(ROW_STYLE);
  let pending = '';
  return {
    row(values: ReportCell[], bold: boolean) {
      const number = state._rowZero!;
      state._rowZero = number + 1;
      let cells = '';
      let filled = false;
      for (let index = 0; index < values.length; index += 1) {
        const cell = values[index] ?? null;
        const numeric = typeof cell === 'number';
        const type = cell === null ? NULL_TYPE : numeric ? NUMBER_TYPE : STRING_TYPE;
        const id = idOf(styleOf(bold, index, numeric), type);
        const at = ` r="${LETTERS[index]}${number}"${id ? ` s="${id}"` : ''}`;
        if (cell === null) {
          if (id) cells += `<c${at}/>`;
          continue;
        }
        filled = true;
        cells += numeric ? `<c${at}><v>${cell}</v></c>` : `<c${at} t="str"><v>${xmlText(cell)}</v></c>`;
      }
      if (filled) pending += `<row r="${number}" spans="1:${values.length}" x14ac:dyDescent="0.25">${cells}</row>`;
    },
    flush() {
      if (pending !== '') state.stream!.write(pending);
      pending = '';
    },
  };
}

/** The workbook's styles as `rowWriter` asks them for a style's number. */
interface WorkbookStyles {
  addStyleModel(style: Partial<ExcelJS.Style>, type?: ExcelJS.ValueType): number;
}

const ROW_STYLE: Partial<ExcelJS.Style> = {};
const NULL_TYPE = 0 as ExcelJS.ValueType;
const NUMBER_TYPE = 2 as ExcelJS.ValueType;
const STRING_TYPE = 3 as ExcelJS.ValueType;

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
