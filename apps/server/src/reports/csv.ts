import type { Language } from '@lightwell/domain';

/** A CSV cell: text, a number, or empty. */
export type CsvCell = string | number | null | undefined;

/** Byte order mark: Excel reads a CSV file as UTF-8 (Chinese names intact) only when it starts with one. */
export const CSV_BOM = '\uFEFF';

/**
 * The field separator a spreadsheet in the reader's language expects: Excel splits on the list
 * separator of the system's locale, which is ";" where the decimal separator is a comma (German,
 * Spanish) and "," elsewhere.
 */
export function csvDelimiter(language: Language): ',' | ';' {
  return language === 'de' || language === 'es' ? ';' : ',';
}

// Text starting like a formula is run by spreadsheets on opening; a leading apostrophe keeps it text.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(cell: CsvCell, delimiter: string): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  const needsQuotes = text.includes(delimiter) || text.includes('"') || /[\r\n]/.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Writes a table as CSV (RFC 4180): a UTF-8 byte order mark, a header line, CRLF line ends, fields
 * quoted when they hold the separator, a quote, a line break or outer spaces, quotes doubled, and text
 * that starts like a formula (= + - @) prefixed with an apostrophe. Numbers are written as they are.
 */
export function writeCsv(header: string[], rows: CsvCell[][], options: { delimiter?: ',' | ';' } = {}): string {
  const delimiter = options.delimiter ?? ',';
  const line = (cells: CsvCell[]) => cells.map((cell) => csvField(cell, delimiter)).join(delimiter);
  return `${CSV_BOM}${[header, ...rows].map(line).join('\r\n')}\r\n`;
}

/** A titled table of a CSV file holding several (`writeCsvBlocks`). */
export interface CsvBlock {
  title: string;
  header: string[];
  /** Its rows, read once, in order (a long table's may be made as they are read). */
  rows: Iterable<CsvCell[]>;
}

/**
 * Writes several tables into one CSV file, each as a line with its title, its header line and its rows,
 * with an empty line between them, under `lead` lines (what the file covers); quoting, formula guard, byte
 * order mark and line ends as `writeCsv`.
 */
export function writeCsvBlocks(lead: string[], blocks: CsvBlock[], options: { delimiter?: ',' | ';' } = {}): string {
  const delimiter = options.delimiter ?? ',';
  const line = (cells: CsvCell[]) => cells.map((cell) => csvField(cell, delimiter)).join(delimiter);
  const lines = lead.map((text) => line([text]));
  for (const block of blocks) {
    lines.push('', line([block.title]), line(block.header));
    for (const row of block.rows) lines.push(line(row));
  }
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
