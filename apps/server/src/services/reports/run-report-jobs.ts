import { randomBytes } from 'node:crypto';
import { downloadPeriodIn, type ReportFormat } from '@lightwell/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { networks, projects } from '../../db/schema.ts';
import { writeReportCsv } from '../../reports/csv-writer.ts';
import { writeReportPdf } from '../../reports/pdf-writer.ts';
import type { ReportDocument } from '../../reports/report-document.ts';
import type { ReportFile } from '../../reports/report-file.ts';
import { writeReportXlsx } from '../../reports/xlsx-writer.ts';
import { loadPdfHeader } from '../report-setup.ts';
import { buildDeviceReport } from './device-report.ts';
import { deviceReportDocument } from './device-report-document.ts';
import { buildProjectReport } from './project-report.ts';
import { projectReportDocument } from './project-report-document.ts';
import {
  beatReportJob,
  claimReportJob,
  failWornOutJobs,
  finishReportJob,
  REPORT_FILE_PREFIX,
  REPORT_HEARTBEAT_MS,
  REPORT_WORKER,
  type ReportJobParams,
  type ReportJobRow,
} from './report-jobs.ts';
import { reportText } from './report-text.ts';

/** Progress up to this per cent is the figures; the rest is writing the file. */
const FIGURES_SHARE = 90;

/** Writes a document in a format. */
async function writeFile(
  document: ReportDocument,
  format: ReportFormat,
  pdf: () => Promise<ReportFile>,
): Promise<ReportFile> {
  if (format === 'pdf') return pdf();
  if (format === 'csv') return writeReportCsv(document);
  return writeReportXlsx(document);
}

/**
 * Builds the file of a job from what it was asked for: the project or device report of its live networks
 * (a network deleted since is left out), in the asker's language and date format, with the project's
 * header block in a PDF. `onProgress` is told the per cent done.
 */
async function buildReportFile(
  ctx: AppContext,
  job: ReportJobRow,
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
    writeReportPdf(document, await loadPdfHeader(ctx.db, project, text.language), {
      at: ctx.now(),
      timeZone: zone,
      timeFormat: job.timeFormat,
    });
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

/**
 * Builds one claimed job and ends it: done with its file, or failed with the reason kept for the log. While
 * it runs, its heartbeat is renewed every `REPORT_HEARTBEAT_MS`, so no other process takes it over.
 */
async function runReportJob(ctx: AppContext, job: ReportJobRow, worker = REPORT_WORKER): Promise<boolean> {
  const heartbeat = setInterval(() => {
    beatReportJob(ctx, job.id, worker).catch(() => undefined);
  }, REPORT_HEARTBEAT_MS);
  heartbeat.unref();
  try {
    let last = -1;
    const file = await buildReportFile(ctx, job, async (percent) => {
      if (percent === last) return;
      last = percent;
      await beatReportJob(ctx, job.id, worker, percent);
    });
    const name = `${REPORT_FILE_PREFIX}${job.id}-${randomBytes(8).toString('hex')}.${file.extension}`;
    return await finishReportJob(ctx, job.id, worker, { file: { name, mime: file.mime, data: file.data } });
  } catch (error) {
    await finishReportJob(ctx, job.id, worker, { error: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Builds queued reports, one at a time, until none is left (or `max` were built): fails jobs interrupted
 * too often, then claims the next (a queued one, or one whose process stopped) and builds it. Any server
 * process may run this; claims never overlap. Answers how many it built; a job that failed is reported to
 * `onError` and the next is taken.
 */
export async function runReportJobs(
  ctx: AppContext,
  options: { worker?: string; max?: number; onError?: (error: unknown) => void } = {},
): Promise<number> {
  const worker = options.worker ?? REPORT_WORKER;
  await failWornOutJobs(ctx);
  let built = 0;
  while (built < (options.max ?? 20)) {
    const job = await claimReportJob(ctx, worker);
    if (!job) break;
    built += 1;
    try {
      await runReportJob(ctx, job, worker);
    } catch (error) {
      options.onError?.(error);
    }
  }
  return built;
}
