import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { emergencySchedules, emergencyTestRuns, networks } from '../../db/schema.ts';
import { type EmergencyStarter, scheduledTest } from './schedule-tests.ts';

/** Starts every due batch whose window is still open; each batch is claimed by one process. */
export async function startDueBatches(ctx: AppContext, now: Date, start: EmergencyStarter): Promise<number> {
  const due = await ctx.db
    .select({ run: emergencyTestRuns, schedule: emergencySchedules })
    .from(emergencyTestRuns)
    .innerJoin(emergencySchedules, eq(emergencySchedules.id, emergencyTestRuns.scheduleId))
    .innerJoin(networks, eq(networks.id, emergencyTestRuns.nid))
    .where(and(isNull(emergencyTestRuns.startedAt), lte(emergencyTestRuns.dueAt, now), isNull(networks.deletedAt)))
    .orderBy(asc(emergencyTestRuns.dueAt), asc(emergencyTestRuns.id));
  let started = 0;
  for (const { run, schedule } of due) {
    const [claimed] = await ctx.db
      .update(emergencyTestRuns)
      .set({ startedAt: now })
      .where(and(eq(emergencyTestRuns.id, run.id), isNull(emergencyTestRuns.startedAt)))
      .returning({ id: emergencyTestRuns.id });
    if (!claimed) continue;
    if (run.windowEnd <= now) {
      await ctx.db
        .update(emergencyTestRuns)
        .set({ result: 'skipped: window closed' })
        .where(eq(emergencyTestRuns.id, run.id));
      continue;
    }
    try {
      const task = await start(ctx, scheduledTest(schedule, run, run.deviceIds));
      await ctx.db
        .update(emergencyTestRuns)
        .set({ taskId: task.taskId, result: `task ${task.taskId}` })
        .where(eq(emergencyTestRuns.id, run.id));
      started += 1;
    } catch (error) {
      // Nothing was sent: the fittings are tried again once back (`retryUnreachedFittings`), else the
      // window's end grades them missed.
      const message = error instanceof Error ? error.message : String(error);
      await ctx.db
        .update(emergencyTestRuns)
        .set({ result: `failed: ${message}` })
        .where(eq(emergencyTestRuns.id, run.id));
    }
  }
  return started;
}
