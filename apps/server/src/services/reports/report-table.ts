import type { ReportBlock, ReportCell, ReportTable } from '../../reports/report-document.ts';

/** A row of a report's table. */
type Row = ReportCell[];

/** A table with a highlighted total row at the end when `total` is given. */
export function table(title: string, columns: ReportTable['columns'], rows: Row[], total?: Row[]): ReportBlock {
  const all = [...rows, ...(total ?? [])];
  return {
    kind: 'table',
    table: { title, columns, rows: all, highlight: all.map((_, index) => index >= rows.length) },
  };
}
