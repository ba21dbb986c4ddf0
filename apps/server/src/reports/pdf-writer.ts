import { CHART_SIZE, renderBarChartSvg } from './chart-svg.ts';
import { type PdfBlock, type PdfHeader, renderPdf } from './pdf/render-pdf.ts';
import {
  numberFormatter,
  type ReportCell,
  type ReportDocument,
  type ReportPart,
  type ReportTable,
} from './report-document.ts';
import type { ReportFile } from './report-file.ts';

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
