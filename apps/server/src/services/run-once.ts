import { and, eq, isNull, sql } from 'drizzle-orm';
import { Counter } from 'prom-client';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';
import { processRegistry } from '../lib/metrics.ts';
import { CYCLE_WORKER, claimantEnded } from './report-cycles/workers.ts';

/**
 * Claims of job slots by this process: `won` ran the slot here, `taken over` ran a slot whose holder died
 * (its lease lapsed, or it ended on this machine), `lost` found it finished or held by a live process.
 */
const jobClaims = new Counter({
  name: 'lightwell_job_claims_total',
  help: 'Claims of a scheduled job’s time slot by this process, by job name and outcome (won, taken over or lost).',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
});

/** How long a claim holds without being renewed: the holder renews it every third of it while it works. */
const LEASE_MS = 30_000;

/** What became of a claim: ran here, found finished, or found held by a process that may still run it. */
type SlotOutcome = 'ran' | 'done' | 'held';

/** Options of a claim; tests shorten the lease. */
interface RunOnceOptions {
  leaseMs?: number;
}

const leaseEnd = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;
const slotOf = (name: string, slot: string) => and(eq(jobRuns.name, name), eq(jobRuns.slot, slot));

/**
 * Claims slot `slot` of job `name`: a new run, or one that no finished run ended and whose holder's lease
 * lapsed on the database's clock. Answers the claim count when this process holds it now.
 */
async function claim(db: Db, name: string, slot: string, leaseMs: number): Promise<number | null> {
  const [row] = await db
    .insert(jobRuns)
    .values({ name, slot, holder: CYCLE_WORKER, leaseUntil: leaseEnd(leaseMs) })
    .onConflictDoUpdate({
      target: [jobRuns.name, jobRuns.slot],
      set: {
        holder: CYCLE_WORKER,
        leaseUntil: leaseEnd(leaseMs),
        startedAt: sql`now()`,
        claims: sql`${jobRuns.claims} + 1`,
      },
      setWhere: sql`${jobRuns.finishedAt} IS NULL AND (${jobRuns.leaseUntil} IS NULL OR ${jobRuns.leaseUntil} < now())`,
    })
    .returning({ claims: jobRuns.claims });
  if (row) return row.claims;
  // Held and unfinished: a holder of this machine that no longer runs need not be waited for.
  const [current] = await db
    .select({ holder: jobRuns.holder, finishedAt: jobRuns.finishedAt })
    .from(jobRuns)
    .where(slotOf(name, slot));
  if (!current || current.finishedAt || !current.holder || !claimantEnded(current.holder)) return null;
  const [taken] = await db
    .update(jobRuns)
    .set({
      holder: CYCLE_WORKER,
      leaseUntil: leaseEnd(leaseMs),
      startedAt: sql`now()`,
      claims: sql`${jobRuns.claims} + 1`,
    })
    .where(and(slotOf(name, slot), eq(jobRuns.holder, current.holder), isNull(jobRuns.finishedAt)))
    .returning({ claims: jobRuns.claims });
  return taken?.claims ?? null;
}

/**
 * Runs `work` for job `name` in time slot `slot` unless the slot finished or another live process holds it
 * (docs/decisions.md "Jobs"). The claim is an insert on the (name, slot) primary key signed by this process
 * with a lease on the database's clock, renewed every third of it while `work` runs, so a slow holder keeps
 * its slot; a holder that died (lease lapsed, or ended on this machine) is taken over by the next process that
 * asks, and a finished slot never runs again. Answers what became of the claim.
 */
export async function claimAndRun(
  db: Db,
  name: string,
  slot: string,
  work: () => Promise<string>,
  options: RunOnceOptions = {},
): Promise<SlotOutcome> {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const claims = await claim(db, name, slot, leaseMs);
  if (claims === null) {
    jobClaims.inc({ job: name, outcome: 'lost' });
    const [row] = await db.select({ finishedAt: jobRuns.finishedAt }).from(jobRuns).where(slotOf(name, slot));
    return row?.finishedAt ? 'done' : 'held';
  }
  jobClaims.inc({ job: name, outcome: claims > 1 ? 'taken over' : 'won' });
  const mine = and(slotOf(name, slot), eq(jobRuns.holder, CYCLE_WORKER), isNull(jobRuns.finishedAt));
  const heartbeat = setInterval(() => {
    db.update(jobRuns)
      .set({ leaseUntil: leaseEnd(leaseMs) })
      .where(mine)
      .catch(() => {
        // The database is away: the work fails with it, or the next beat renews the lease.
      });
  }, leaseMs / 3);
  heartbeat.unref();
  let result: string;
  try {
    result = await work();
  } catch (error) {
    result = `failed: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearInterval(heartbeat);
  }
  await db.update(jobRuns).set({ finishedAt: new Date(), result, leaseUntil: null }).where(mine);
  return 'ran';
}

/**
 * Runs `work` for job `name` in time slot `slot` only if no process ran that slot or holds it alive
 * ({@link claimAndRun}): exactly one process across the cluster finishes each slot. Answers true when this
 * process ran it.
 */
export async function runOnce(
  db: Db,
  name: string,
  slot: string,
  work: () => Promise<string>,
  options: RunOnceOptions = {},
): Promise<boolean> {
  return (await claimAndRun(db, name, slot, work, options)) === 'ran';
}
