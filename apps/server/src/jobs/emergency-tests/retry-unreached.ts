import { and, asc, eq, gt, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { devices, emergencySchedules, emergencyTestRetries, emergencyTestRuns, networks } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import type { EmergencyScheduleRow } from '../../presenters/emergency.ts';
import { claimTries } from './claim-tries.ts';
import { type EmergencyStarter, scheduledTest } from './schedule-tests.ts';
import { unreachedFittings, windowKey } from './unreached-fittings.ts';

/**
 * Tries again, while its window is open, each fitting a started batch did not reach — not sent because it
 * was offline, refused by the gateway, or no answer — once it is back (`claimTries`): the batch's test
 * (kind, duration, maximum delay) by the schedule, due at the batch's time, so a test that starts past the
 * maximum delay is graded late (passedLate, failedLate). One task per batch; a refused try is released for
 * the next minute, and a try whose task does not reach the fitting is tried again when it is back again.
 */
export async function retryUnreachedFittings(ctx: AppContext, now: Date, start: EmergencyStarter): Promise<number> {
  const rows = await ctx.db
    .select({ run: emergencyTestRuns, schedule: emergencySchedules })
    .from(emergencyTestRuns)
    .innerJoin(emergencySchedules, eq(emergencySchedules.id, emergencyTestRuns.scheduleId))
    .innerJoin(networks, eq(networks.id, emergencyTestRuns.nid))
    .where(
      and(
        isNotNull(emergencyTestRuns.startedAt),
        gt(emergencyTestRuns.windowEnd, now),
        eq(emergencySchedules.enabled, true),
        isNull(networks.deletedAt),
      ),
    )
    .orderBy(asc(emergencyTestRuns.scheduleId), asc(emergencyTestRuns.windowStart), asc(emergencyTestRuns.batch));
  if (rows.length === 0) return 0;
  const scheduleOf = new Map(rows.map((row) => [row.run.id, row.schedule]));
  const retries = await ctx.db
    .select()
    .from(emergencyTestRetries)
    .where(
      and(
        inArray(emergencyTestRetries.scheduleId, [...new Set(rows.map((row) => row.schedule.id))]),
        gte(emergencyTestRetries.windowStart, new Date(Math.min(...rows.map((row) => row.run.windowStart.getTime())))),
      ),
    );
  // A first look without the lock: only windows with an unreached fitting that is online now go on.
  const unreached = await unreachedFittings(
    ctx.db,
    rows.map((row) => row.run),
    retries,
    now,
  );
  const ids = [...new Set(unreached.map((u) => u.deviceId))];
  const online = new Set(
    ids.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: devices.id })
            .from(devices)
            .where(and(inArray(devices.id, ids), eq(devices.online, true), isNotNull(devices.address)))
        ).map((row) => row.id),
  );
  const windows = new Map<string, { schedule: EmergencyScheduleRow; windowStart: Date }>();
  for (const u of unreached) {
    if (!online.has(u.deviceId)) continue;
    windows.set(windowKey(u.run), { schedule: scheduleOf.get(u.run.id)!, windowStart: u.run.windowStart });
  }
  let started = 0;
  for (const { schedule, windowStart } of windows.values()) {
    const tries = await ctx.db.transaction((tx) => claimTries(tx, schedule, windowStart, now));
    for (const { run, deviceIds, retryIds } of tries) {
      const mine = inArray(emergencyTestRetries.id, retryIds);
      try {
        const task = await start(ctx, { ...scheduledTest(schedule, run, deviceIds), requestedAt: run.dueAt });
        await ctx.db
          .update(emergencyTestRetries)
          .set({ taskId: task.taskId, result: `task ${task.taskId}` })
          .where(mine);
        started += deviceIds.length;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // A refusal sent nothing: the claim is released and the fittings are tried again next minute.
        if (error instanceof CallError) await ctx.db.delete(emergencyTestRetries).where(mine);
        else
          await ctx.db
            .update(emergencyTestRetries)
            .set({ result: `error: ${message}` })
            .where(mine);
      }
    }
  }
  return started;
}
