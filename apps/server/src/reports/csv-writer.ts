import { csvDelimiter, writeCsvBlocks } from './csv.ts';
import type { ReportCell, ReportDocument, ReportTable } from './report-document.ts';
import type { ReportFile } from './report-file.ts';

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
              rows: tableRows(block.table),
            },
          ]
        : [],
    ),
  );
  const csv = writeCsvBlocks([report.title, ...report.lines], blocks, { delimiter: csvDelimiter(report.language) });
  return { data: Buffer.from(csv, 'utf8'), mime: 'text/csv; charset=utf-8', extension: 'csv' };
}

/** A table's rows one by one: `rows`, then those of `more` as its chunks are read. */
function* tableRows(table: ReportTable): Generator<ReportCell[]> {
  yield* table.rows;
  if (table.more) for (const chunk of table.more.chunks()) yield* chunk;
}
