import type { ReportFile } from '../../reports/report-file.ts';
import { computeReportFigures, writeReportFile } from '../report-cycles/render-report.ts';
import { buildReportFile, type ReportBuildContext } from './build-report-file.ts';
import { storeReportFile } from './report-jobs.ts';
import type { SentFile, WorkerResult, WorkerWork } from './report-worker-protocol.ts';

/*
 * What the report worker does with a task (`report-worker.ts`), and the console's thread where no worker can
 * reach the database (`report-builder.ts`): one place, so both build the same file from the same figures.
 */

/** A file's bytes as a plain typed array over the same memory, as it crosses the worker's channel. */
function sent(file: ReportFile): SentFile {
  return {
    data: new Uint8Array(file.data.buffer, file.data.byteOffset, file.data.byteLength),
    mime: file.mime,
    extension: file.extension,
  };
}

/**
 * Loads what the first PDF of a worker would otherwise wait for: the PDF writer's code (pdfkit, ECharts) and
 * the fonts' bytes, as a report page opens (`warmReportWorker`).
 */
export async function prepareWorker(): Promise<void> {
  (await import('../../reports/pdf/fonts.ts')).pdfFontData();
  await import('../../reports/pdf-writer.ts');
}

/** Does one task: builds and stores a job's file, computes a cycle's figures, or writes a file of stored figures. */
export async function doWorkerWork(
  ctx: ReportBuildContext,
  work: WorkerWork,
  onProgress: (percent: number) => Promise<void>,
): Promise<WorkerResult> {
  if (work.kind === 'job') {
    const file = await buildReportFile(ctx, work.job, onProgress);
    return { kind: 'stored', stored: await storeReportFile(ctx, work.store.id, work.store.claim, file) };
  }
  if (work.kind === 'figures') return { kind: 'figures', figures: await computeReportFigures(ctx, work.input) };
  return { kind: 'file', file: sent(await writeReportFile(ctx, work.figures, work.options)) };
}
