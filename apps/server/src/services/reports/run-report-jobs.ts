import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { buildAndStoreReport, ReportBuildStopped, stopReportWorker } from './report-builder.ts';
import {
  beatReportJob,
  claimReportJob,
  failWornOutJobs,
  finishReportJob,
  REPORT_HEARTBEAT_MS,
  REPORT_WORKER,
  type ReportJobRow,
  releaseReportJob,
} from './report-jobs.ts';

/** The jobs this process is building, per database, so a console that stops waits for their last write. */
const inHand = new Map<Db, Set<Promise<unknown>>>();

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
    return await buildAndStoreReport(ctx, job, worker, async (percent) => {
      if (percent === last) return;
      last = percent;
      await beatReportJob(ctx, job.id, worker, percent);
    });
  } catch (error) {
    if (error instanceof ReportBuildStopped) await releaseReportJob(ctx, job.id, worker);
    else await finishReportJob(ctx, job.id, worker, { error: error instanceof Error ? error.message : String(error) });
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
    const running = runReportJob(ctx, job, worker);
    const jobs = inHand.get(ctx.db) ?? new Set();
    inHand.set(ctx.db, jobs);
    jobs.add(running);
    let stopped = false;
    try {
      await running;
    } catch (error) {
      options.onError?.(error);
      // The console is stopping: its job is queued again for another process; this one claims no more.
      stopped = error instanceof ReportBuildStopped;
    } finally {
      jobs.delete(running);
      if (jobs.size === 0) inHand.delete(ctx.db);
    }
    if (stopped) break;
  }
  return built;
}

/**
 * Stops building reports for a console that is stopping: the builds in hand are given up and their jobs
 * queued again (`releaseReportJob`), for another process to build at once; then the report worker ends once
 * it holds no other build.
 */
export async function stopReportJobs(ctx: AppContext): Promise<void> {
  const jobs = [...(inHand.get(ctx.db) ?? [])];
  await stopReportWorker(ctx.db);
  await Promise.allSettled(jobs);
}
