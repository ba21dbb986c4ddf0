import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { reportRuns } from '../../db/schema.ts';
import { ReportBuildStopped } from '../reports/report-builder.ts';
import { advanceRun } from './advance-run.ts';
import { sendOpenDeliveries } from './deliveries.ts';
import { planRuns } from './plan-runs.ts';
import type { RunRow } from './run-row.ts';
import { CYCLE_WORKER, dbClockIn, endedClaimants, unheld } from './workers.ts';

/**
 * How long a claim on a run holds while it is built and sent, in real seconds on the database's clock; a
 * lapsed one lets another process take it.
 */
const RUN_LEASE_SECONDS = 300;
/** A run whose building failed is tried again after this long, at most `RUN_MAX_ATTEMPTS` times. */
const RUN_RETRY_SECONDS = 300;
const RUN_MAX_ATTEMPTS = 3;
/** Runs one pass moves on at most (the rest follow a minute later). */
const RUNS_PER_PASS = 12;

/** Rows of a raw statement, the same on node-postgres and PGlite. */
async function rowsOf<T>(ctx: AppContext, query: SQL): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Claims the oldest due run nobody holds (never taken, its lease lapsed on the database's clock, or its holder
 * ended on this machine), not yet moved on in this pass (`skip`), whose series (project, network, kind,
 * cycle) has no older period still due: reports of a series go out oldest first. `FOR UPDATE SKIP LOCKED`:
 * processes claiming at once get different runs.
 */
async function claimRun(ctx: AppContext, worker: string, skip: readonly number[] = []): Promise<RunRow | null> {
  const ended = await endedClaimants(ctx.db, 'report_runs');
  const skipped =
    skip.length > 0
      ? sql`AND r.id NOT IN (${sql.join(
          skip.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const claimed = await rowsOf<{ id: number }>(
    ctx,
    sql`UPDATE report_runs SET claimed_by = ${worker}, lease_until = ${dbClockIn(RUN_LEASE_SECONDS)}
        WHERE id = (
          SELECT r.id FROM report_runs r
          WHERE r.state = 'due' AND r.kind <> 'fault'
            AND ${unheld(sql`r.lease_until`, sql`r.claimed_by`, ended)}
            ${skipped}
            AND NOT EXISTS (
              SELECT 1 FROM report_runs o
              WHERE o.pid = r.pid AND o.nid = r.nid AND o.kind = r.kind AND o.cycle = r.cycle
                AND o.state = 'due' AND o.period_key < r.period_key)
          ORDER BY r.send_at, r.id LIMIT 1
          FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  if (claimed.length === 0) return null;
  const [row] = await ctx.db
    .select()
    .from(reportRuns)
    .where(eq(reportRuns.id, Number(claimed[0]!.id)));
  return row ?? null;
}

/** Lets go of a run this process holds (another process, or the next pass, may take it). */
async function releaseRun(ctx: AppContext, id: number, worker: string, values: Partial<RunRow> = {}) {
  await ctx.db
    .update(reportRuns)
    .set({ claimedBy: null, leaseUntil: null, ...values })
    .where(sql`${reportRuns.id} = ${id} AND ${reportRuns.claimedBy} = ${worker}`);
}

/**
 * A failed attempt to build a run: let go, tried again after `RUN_RETRY_SECONDS` (the database's clock),
 * failed for good (with the reason) after `RUN_MAX_ATTEMPTS`.
 */
async function recordFailure(ctx: AppContext, run: RunRow, worker: string, error: unknown) {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const attempts = run.attempts + 1;
  if (attempts >= RUN_MAX_ATTEMPTS) {
    await releaseRun(ctx, run.id, worker, { state: 'failed', reason, attempts, finishedAt: ctx.now() });
    return;
  }
  await ctx.db
    .update(reportRuns)
    .set({ attempts, reason, claimedBy: null, leaseUntil: dbClockIn(RUN_RETRY_SECONDS) })
    .where(sql`${reportRuns.id} = ${run.id} AND ${reportRuns.claimedBy} = ${worker}`);
}

/**
 * One pass of the report cycles (the `report-cycles` job, every minute, any process): sends intents whose
 * lease lapsed or whose holder ended on this machine (left by a dead process) or whose retry time came, with
 * their recorded Message-IDs; stores a run for every newly due period (once across processes); then claims
 * due runs one at a time, oldest first, and moves each on: figures once, files, intents, mails, settled.
 * Once `signal` is aborted (the process is stopping) it finishes the mail in hand and takes nothing new.
 * Answers what it did.
 */
export async function runReportCycles(
  ctx: AppContext,
  options: { worker?: string; onError?: (error: unknown, run: RunRow) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const worker = options.worker ?? CYCLE_WORKER;
  const { signal } = options;
  const resent = await sendOpenDeliveries(ctx, { worker, signal });
  const planned = signal?.aborted ? 0 : await planRuns(ctx);
  const moved: number[] = [];
  while (moved.length < RUNS_PER_PASS && !signal?.aborted) {
    const run = await claimRun(ctx, worker, moved);
    if (!run) break;
    moved.push(run.id);
    try {
      await advanceRun(ctx, run, worker, signal);
      await releaseRun(ctx, run.id, worker);
    } catch (error) {
      options.onError?.(error, run);
      // The console stopped while the report worker built its figures or files: let go at once, no attempt
      // counted, so another process (or this one, restarted) takes it on its next pass.
      if (error instanceof ReportBuildStopped) await releaseRun(ctx, run.id, worker);
      else await recordFailure(ctx, run, worker, error);
    }
  }
  return `planned ${planned}, moved ${moved.length}, resent ${resent}`;
}
