import { and, eq } from 'drizzle-orm';
import { Counter } from 'prom-client';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';
import { processRegistry } from '../lib/metrics.ts';

/** Claims of job slots by this process: `won` ran the slot here, `lost` found it claimed by another process. */
const jobClaims = new Counter({
  name: 'lightwell_job_claims_total',
  help: 'Claims of a scheduled job’s time slot by this process, by job name and outcome (won or lost).',
  labelNames: ['job', 'outcome'] as const,
  registers: [processRegistry],
});

/**
 * Runs `work` for job `name` in time slot `slot` only if no process has claimed that slot: the claim is
 * an insert on the (name, slot) primary key, so exactly one process across the cluster runs each slot.
 * Answers true when this process ran it.
 */
export async function runOnce(db: Db, name: string, slot: string, work: () => Promise<string>): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ name, slot })
    .onConflictDoNothing()
    .returning({ name: jobRuns.name });
  jobClaims.inc({ job: name, outcome: claimed.length === 0 ? 'lost' : 'won' });
  if (claimed.length === 0) return false;
  let result: string;
  try {
    result = await work();
  } catch (error) {
    result = `failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  await db
    .update(jobRuns)
    .set({ finishedAt: new Date(), result })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.slot, slot)));
  return true;
}
