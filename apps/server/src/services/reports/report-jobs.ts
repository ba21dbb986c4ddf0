import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type DeviceReportTarget, type DownloadPeriod, ReportLimits, type ReportSection } from '@lightwell/domain';
import { and, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { reportJobs } from '../../db/schema.ts';
import type { ReportFile } from '../../reports/report-file.ts';

/** What a report job was asked for, kept with it so any process builds the same report after a restart. */
export interface ReportJobParams {
  period: DownloadPeriod;
  sections: ReportSection[];
  target: DeviceReportTarget | null;
  /** When it was asked for (epoch seconds): a span ends with the unit holding it. */
  requestedAt: number;
}

/** A stored report job. */
export type ReportJobRow = Omit<typeof reportJobs.$inferSelect, 'data'>;

/**
 * Every column of a report job but its file's bytes (`data`, up to some 11 MB): what the lists, the state
 * and the builds read. The bytes are read only where a file is sent (`readableReportFile`), a piece at a time.
 */
export const REPORT_JOB_COLUMNS = (() => {
  const { data: _bytes, ...columns } = getTableColumns(reportJobs);
  return columns;
})();

/** This process, as it signs the jobs it claims. */
export const REPORT_WORKER = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
/** A running job whose heartbeat is older than this is taken to belong to a process that stopped. */
export const REPORT_STALE_SECONDS = 120;
/** How often a running job's process says it is still at it. */
export const REPORT_HEARTBEAT_MS = 20_000;
/** Claims of one job at most; a job interrupted that often is failed rather than tried forever. */
const REPORT_MAX_ATTEMPTS = 3;
/** Prefix of a report's stored file name (`fileDownloadUrl` tells report files from images by it). */
export const REPORT_FILE_PREFIX = 'report-';

const DAY_MS = 86_400_000;

/** Who is told, per database, that this process queued a report job (its worker, to start the job at once). */
const queuedListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Calls `listener` each time this process queues a report job on `db`, so the job starts at once in the
 * process that accepted it rather than at the next sweep; answers the function that stops it. Other
 * processes still find the job by their sweep, and claims keep it to one of them.
 */
export function onReportQueued(db: Db, listener: () => void): () => void {
  const listeners = queuedListeners.get(db) ?? new Set<() => void>();
  queuedListeners.set(db, listeners);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells this process's listeners (`onReportQueued`) that a report job was queued on `db`. */
export function announceReportQueued(db: Db): void {
  for (const listener of queuedListeners.get(db) ?? []) listener();
}

const at = (date: Date) => sql`to_timestamp(${date.getTime() / 1000})`;

/**
 * Claims the oldest job to build: a queued one, or a running one whose process stopped beating its heart
 * (`REPORT_STALE_SECONDS`) and that has been tried fewer than `REPORT_MAX_ATTEMPTS` times. The row is taken
 * with `FOR UPDATE SKIP LOCKED`, so processes claiming at once each get another job, or none.
 */
export async function claimReportJob(ctx: AppContext, worker = REPORT_WORKER): Promise<ReportJobRow | null> {
  const now = ctx.now();
  const staleBefore = new Date(now.getTime() - REPORT_STALE_SECONDS * 1000);
  const claimed = await rowsOf<{ id: number }>(
    ctx.db,
    sql`UPDATE report_jobs SET state = 'running', claimed_by = ${worker}, heartbeat_at = ${at(now)},
          attempts = attempts + 1, progress = 0, started_at = coalesce(started_at, ${at(now)})
        WHERE id = (
          SELECT id FROM report_jobs
          WHERE (state = 'queued' OR (state = 'running' AND heartbeat_at < ${at(staleBefore)}))
            AND attempts < ${REPORT_MAX_ATTEMPTS}
          ORDER BY id LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  if (claimed.length === 0) return null;
  const [row] = await ctx.db
    .select(REPORT_JOB_COLUMNS)
    .from(reportJobs)
    .where(eq(reportJobs.id, Number(claimed[0]!.id)));
  return row ?? null;
}

/** Fails running jobs whose process stopped and that were tried `REPORT_MAX_ATTEMPTS` times already. */
export async function failWornOutJobs(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const failed = await ctx.db
    .update(reportJobs)
    .set({
      state: 'failed',
      error: 'interrupted too often',
      finishedAt: now,
      expiresAt: new Date(now.getTime() + ReportLimits.retentionDays * DAY_MS),
    })
    .where(
      and(
        eq(reportJobs.state, 'running'),
        lt(reportJobs.heartbeatAt, new Date(now.getTime() - REPORT_STALE_SECONDS * 1000)),
        sql`${reportJobs.attempts} >= ${REPORT_MAX_ATTEMPTS}`,
      ),
    )
    .returning({ id: reportJobs.id });
  return failed.length;
}

/** Records progress (per cent) and the heartbeat of a job this process still holds. */
export async function beatReportJob(ctx: AppContext, id: number, worker: string, progress?: number): Promise<void> {
  await ctx.db
    .update(reportJobs)
    .set({ heartbeatAt: ctx.now(), ...(progress === undefined ? {} : { progress }) })
    .where(and(eq(reportJobs.id, id), eq(reportJobs.claimedBy, worker), eq(reportJobs.state, 'running')));
}

/**
 * Ends a claimed job with its file, named by the job and a random part (the name a download link carries);
 * false when the claim is no longer `worker`'s. The report worker stores the file it built this way.
 */
export function storeReportFile(
  ctx: Pick<AppContext, 'db' | 'now'>,
  id: number,
  worker: string,
  file: ReportFile,
): Promise<boolean> {
  const name = `${REPORT_FILE_PREFIX}${id}-${randomBytes(8).toString('hex')}.${file.extension}`;
  return finishReportJob(ctx, id, worker, { file: { name, mime: file.mime, data: file.data } });
}

/**
 * Ends a job this process holds: done with its file (kept `ReportLimits.retentionDays`), or failed. A job
 * another process has taken over meanwhile is left to it. Answers whether the row was this process's.
 */
export async function finishReportJob(
  ctx: Pick<AppContext, 'db' | 'now'>,
  id: number,
  worker: string,
  outcome: { file: { name: string; mime: string; data: Buffer } } | { error: string },
): Promise<boolean> {
  const now = ctx.now();
  const ended = {
    finishedAt: now,
    heartbeatAt: now,
    expiresAt: new Date(now.getTime() + ReportLimits.retentionDays * DAY_MS),
  };
  const values =
    'file' in outcome
      ? {
          ...ended,
          state: 'done',
          progress: 100,
          fileName: outcome.file.name,
          mime: outcome.file.mime,
          size: outcome.file.data.length,
          data: outcome.file.data,
          error: null,
        }
      : { ...ended, state: 'failed', error: outcome.error.slice(0, 500) };
  const rows = await ctx.db
    .update(reportJobs)
    .set(values)
    .where(and(eq(reportJobs.id, id), eq(reportJobs.claimedBy, worker), eq(reportJobs.state, 'running')))
    .returning({ id: reportJobs.id });
  return rows.length > 0;
}

/** Deletes reports past their keeping time, and jobs never finished a retention period after they were asked. */
export async function purgeReports(ctx: AppContext): Promise<string> {
  const now = ctx.now();
  const purged = await ctx.db
    .delete(reportJobs)
    .where(
      or(
        lt(reportJobs.expiresAt, now),
        and(
          isNull(reportJobs.expiresAt),
          lt(reportJobs.createdAt, new Date(now.getTime() - ReportLimits.retentionDays * DAY_MS)),
        ),
      ),
    )
    .returning({ id: reportJobs.id });
  return `reports ${purged.length}`;
}

/**
 * Hands a claimed job back to the queue, for a console that stops while building it: queued again with its
 * progress reset and this claim not counted as an attempt, so another process (or this one after its
 * restart) builds it at once rather than after `REPORT_STALE_SECONDS`. Answers whether the claim was still
 * this process's.
 */
export async function releaseReportJob(ctx: AppContext, id: number, worker: string): Promise<boolean> {
  const rows = await ctx.db
    .update(reportJobs)
    .set({ state: 'queued', claimedBy: null, progress: 0, attempts: sql`greatest(${reportJobs.attempts} - 1, 0)` })
    .where(and(eq(reportJobs.id, id), eq(reportJobs.claimedBy, worker), eq(reportJobs.state, 'running')))
    .returning({ id: reportJobs.id });
  return rows.length > 0;
}
