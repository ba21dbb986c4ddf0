import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';

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
