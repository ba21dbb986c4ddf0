import type { Language } from '@lightwell/domain';
import type { BarChartSpec } from './chart-svg.ts';

/** A cell of a report table: text, a number (written as a number in CSV and XLSX), or empty. */
export type ReportCell = string | number | null;

/** A column: its header, and for numbers how many decimals the PDF prints and the sheet formats. */
export interface ReportColumn {
  label: string;
  decimals?: number;
  /** Share of the PDF's width (default 1). */
  width?: number;
}

/**
 * Rows of a table too long to hold at once (a year of a large network's device-days): the CSV and XLSX
 * writers read them a chunk at a time as they write them, and the chunks' rows are let go once written.
 */
interface ReportRowChunks {
  /** How many rows the chunks hold. */
  count: number;
  /**
   * Rows holding, column by column, a cell as wide as the widest of the chunks' cells in that column (the
   * XLSX writer sets a sheet's column widths before its first row).
   */
  widest: ReportCell[][];
  /** The rows, a chunk at a time, in order. */
  chunks(): Iterable<ReportCell[][]>;
}

/**
 * A table with a title; `highlight` marks rows to shade in the PDF and set in bold in the XLSX (a total, a
 * warning). `more`: rows after `rows`, read a chunk at a time by the CSV and XLSX writers (never highlighted;
 * the PDF prints `rows` only).
 */
export interface ReportTable {
  title: string;
  columns: ReportColumn[];
  rows: ReportCell[][];
  highlight?: readonly boolean[];
  more?: ReportRowChunks;
}

/** What a part of a report is made of, top to bottom. */
export type ReportBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; table: ReportTable }
  | { kind: 'chart'; chart: BarChartSpec };

/**
 * A part of a report: a heading in the PDF, a block of the CSV and a worksheet of the XLSX. A table titled
 * as its part (a part that is one table) is named once: by the heading in the PDF, by the name in the CSV.
 */
export interface ReportPart {
  name: string;
  /** The worksheet's name when `name` is too long for one (Excel allows 31 characters); default `name`. */
  sheet?: string;
  blocks: ReportBlock[];
}

/**
 * A report as its three writers take it (PDF, CSV, XLSX): the same title, lines and tables in each, so the
 * three files carry the same figures; charts go to the PDF only (their numbers are in the tables).
 */
export interface ReportDocument {
  title: string;
  /** What the report covers (project, networks, period), one line each. */
  lines: string[];
  parts: ReportPart[];
  language: Language;
  orientation: 'portrait' | 'landscape';
}

const LOCALES: Record<Language, string> = { en: 'en-GB', zh: 'zh-CN', de: 'de-DE', es: 'es-ES' };

/** Formats a number for the reader: their language's separators, the column's decimals. */
export function numberFormatter(language: Language): (value: number, decimals?: number) => string {
  const formats = new Map<number, Intl.NumberFormat>();
  return (value, decimals = 0) => {
    let format = formats.get(decimals);
    if (!format) {
      format = new Intl.NumberFormat(LOCALES[language], {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
      formats.set(decimals, format);
    }
    return format.format(value);
  };
}
