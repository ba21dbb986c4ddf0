import { downloadPeriodIn, type ReportFormat } from '@lightwell/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { networks, projects } from '../../db/schema.ts';
import type { ReportDocument } from '../../reports/report-document.ts';
import type { ReportFile } from '../../reports/report-file.ts';
import { loadPdfHeader } from '../report-setup.ts';
import { buildDeviceReport } from './device-report.ts';
import { deviceReportDocument } from './device-report-document.ts';
import { buildProjectReport } from './project-report.ts';
import { projectReportDocument } from './project-report-document.ts';
import type { ReportJobParams, ReportJobRow } from './report-jobs.ts';
import { reportText } from './report-text.ts';

/** What building a report's file needs of the console: its database and its clock. */
export type ReportBuildContext = Pick<AppContext, 'db' | 'now'>;

/** What a report's file is built from: the parts of its job row that say what was asked for. */
export type ReportBuildJob = Pick<
  ReportJobRow,
  'kind' | 'pid' | 'nids' | 'format' | 'language' | 'timeFormat' | 'params'
>;

/** Progress up to this per cent is the figures; the rest is writing the file. */
const FIGURES_SHARE = 90;

/**
 * Writes a document in a format. Each writer is loaded when first asked for: the PDF one brings pdfkit, the
 * fonts and ECharts, the XLSX one exceljs, so a worker that writes only spreadsheets never holds the rest.
 */
async function writeFile(
  document: ReportDocument,
  format: ReportFormat,
  pdf: () => Promise<ReportFile>,
): Promise<ReportFile> {
  if (format === 'pdf') return pdf();
  if (format === 'csv') return (await import('../../reports/csv-writer.ts')).writeReportCsv(document);
  return (await import('../../reports/xlsx-writer.ts')).writeReportXlsx(document);
}

/**
 * Builds the file of a job from what it was asked for: the project or device report of its live networks
 * (a network deleted since is left out), in the asker's language and date format, with the project's
 * header block in a PDF. `onProgress` is told the per cent done. It runs in the report worker
 * (`report-builder.ts`), or in the console's thread where no worker can reach the database.
 */
export async function buildReportFile(
  ctx: ReportBuildContext,
  job: ReportBuildJob,
  onProgress: (percent: number) => Promise<void>,
): Promise<ReportFile> {
  const params = job.params as unknown as ReportJobParams;
  const list = (
    await ctx.db
      .select()
      .from(networks)
      .where(and(inArray(networks.id, job.nids), isNull(networks.deletedAt)))
  ).sort((a, b) => job.nids.indexOf(a.id) - job.nids.indexOf(b.id));
  const [project] = await ctx.db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(eq(projects.id, job.pid));
  if (!project || list.length === 0) throw new Error('the networks of the report are gone');
  const text = reportText(job.language, job.timeFormat);
  const format = job.format as ReportFormat;
  const zone = list[0]!.timeZone;
  const pdf = (document: ReportDocument) => async () =>
    (await import('../../reports/pdf-writer.ts')).writeReportPdf(
      document,
      await loadPdfHeader(ctx.db, project, text.language),
      {
        at: ctx.now(),
        timeZone: zone,
        timeFormat: job.timeFormat,
      },
    );
  if (job.kind === 'device') {
    const network = list[0]!;
    const period = downloadPeriodIn(params.period, network.timeZone, params.requestedAt);
    const data = await buildDeviceReport(ctx, network, params.target ?? { kind: 'network' }, period);
    await onProgress(FIGURES_SHARE);
    const document = deviceReportDocument(text, data, format === 'pdf');
    return writeFile(document, format, pdf(document));
  }
  const report = await buildProjectReport(
    ctx,
    { project, networks: list, period: params.period, sections: params.sections, requestedAt: params.requestedAt },
    (done, total) => onProgress(Math.floor((done / Math.max(1, total)) * FIGURES_SHARE)),
  );
  const document = projectReportDocument(text, report);
  return writeFile(document, format, pdf(document));
}
