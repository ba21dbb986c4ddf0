import { codeToLanguage, type LocalDate, type ReportSection, type ReportView, timeFormatOf } from '@lightwell/domain';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../policies/access.ts';
import type { ReportDocument } from '../../reports/report-document.ts';
import type { ReportFile } from '../../reports/report-file.ts';
import { loadPdfHeader } from '../report-setup.ts';
import { buildProjectReport, type ProjectReport } from '../reports/project-report.ts';
import { projectReportDocument } from '../reports/project-report-document.ts';
import { reportText } from '../reports/report-text.ts';

/*
 * The one place the report cycles meet the project report builder (services/reports/project-report.ts and
 * its writers): the figures of a period are computed once and stored as they are; every file and the web
 * version are written from those stored figures, never from a new computation.
 */

/** A report's figures as stored with its run (JSON): the project report builder's answer. */
export type ReportFigures = Record<string, unknown>;

/** What a cycle's report covers: the project's networks, its local dates (last one included), its sections. */
export interface FiguresInput {
  project: { id: number; name: string };
  networks: readonly NetworkRow[];
  first: LocalDate;
  last: LocalDate;
  sections: readonly ReportSection[];
  /** When the figures are fixed (epoch seconds). */
  at: number;
}

/** Which file of a cycle's stored figures: the project's (its header block), the reader's language, the format. */
export interface IssuedFileOptions {
  project: { id: number; name: string };
  language: number;
  format: 'pdf' | 'csv';
  timeZone: string;
}

const isoDate = (date: LocalDate) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

/** The figures of a cycle's report: the project report of its local dates, in each network's own zone. */
export async function computeReportFigures(
  ctx: Pick<AppContext, 'db' | 'now'>,
  input: FiguresInput,
): Promise<ReportFigures> {
  const report = await buildProjectReport(ctx, {
    project: input.project,
    networks: input.networks,
    period: { kind: 'range', from: isoDate(input.first), to: isoDate(input.last) },
    sections: input.sections,
    requestedAt: input.at,
  });
  return JSON.parse(JSON.stringify(report)) as ReportFigures;
}

/** The document of stored figures for a reader of `language` (code 0-3), in that language's date format. */
function documentOf(figures: ReportFigures, language: number): ReportDocument {
  const timeFormat = timeFormatOf(codeToLanguage(language));
  return projectReportDocument(reportText(language, timeFormat), figures as unknown as ProjectReport);
}

/**
 * Writes stored figures as a PDF (with the project's header block) or a CSV in a reader's language. The PDF
 * says it was generated when the figures were fixed, so that it tells the issue time, not the writing time.
 * Each writer is loaded when first asked for, as the report jobs' are (`build-report-file.ts`).
 */
export async function writeReportFile(
  ctx: Pick<AppContext, 'db' | 'now'>,
  figures: ReportFigures,
  options: IssuedFileOptions,
): Promise<ReportFile> {
  const document = documentOf(figures, options.language);
  if (options.format === 'csv') return (await import('../../reports/csv-writer.ts')).writeReportCsv(document);
  const header = await loadPdfHeader(ctx.db, options.project, options.language);
  const issued = Number((figures as { generatedAt?: number }).generatedAt ?? Math.floor(ctx.now().getTime() / 1000));
  return (await import('../../reports/pdf-writer.ts')).writeReportPdf(document, header, {
    at: new Date(issued * 1000),
    timeZone: options.timeZone,
    timeFormat: timeFormatOf(codeToLanguage(options.language)),
  });
}

/** The web version of stored figures: the PDF's title, lines, paragraphs and tables (charts are in the tables). */
export function viewReport(figures: ReportFigures, language: number): Pick<ReportView, 'title' | 'lines' | 'parts'> {
  const document = documentOf(figures, language);
  return {
    title: document.title,
    lines: document.lines,
    parts: document.parts.map((part) => ({
      name: part.name,
      blocks: part.blocks.flatMap((block): ReportView['parts'][number]['blocks'] => {
        if (block.kind === 'paragraph') return [{ kind: 'paragraph', text: block.text }];
        if (block.kind !== 'table') return [];
        const { table } = block;
        return [
          {
            kind: 'table',
            title: table.title,
            columns: table.columns.map((column) => ({ label: column.label, decimals: column.decimals ?? null })),
            rows: table.rows,
            highlight: table.rows.map((_, index) => table.highlight?.[index] ?? false),
          },
        ];
      }),
    })),
  };
}

/** The totals a report carried, for its mail and the automatic data page: networks, kWh, cost, CO2. */
export function summarizeFigures(
  figures: ReportFigures,
  sections: readonly ReportSection[],
): { name: string; value: number; unit: string | null }[] {
  const report = figures as unknown as ProjectReport;
  const totals = report.totals;
  const out: { name: string; value: number; unit: string | null }[] = [
    { name: 'networks', value: report.networks.length, unit: null },
  ];
  if (sections.includes('energy'))
    out.push({ name: 'energyKWh', value: Math.round(totals.energyWh) / 1000, unit: 'kWh' });
  if (sections.includes('cost')) {
    for (const cost of totals.costs)
      out.push({ name: 'cost', value: Math.round(cost.total) / 100, unit: cost.currency });
  }
  if (sections.includes('co2')) {
    out.push({ name: 'co2Kg', value: Math.round(totals.co2Grams) / 1000, unit: 'kg' });
    out.push({ name: 'savedCo2Kg', value: Math.round(totals.savedGrams) / 1000, unit: 'kg' });
  }
  return out;
}
