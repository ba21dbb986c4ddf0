import {
  type EmergencyTarget,
  type StaggerSplit,
  staggerPlan,
  type TestWindow,
  timeStagger,
  windowsBetween,
} from '@lightwell/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { emergencySchedules, emergencyTestRuns, networks } from '../../db/schema.ts';
import type { EmergencyScheduleRow } from '../../presenters/emergency.ts';
import { type Fitting, fittingsOfTarget, loadFittings } from '../../services/emergency/fittings.ts';
import { DAY, testMinutesOf, timingOf } from './schedule-tests.ts';

/**
 * The batches of one window: a monthly function test runs every fitting at the window's start; a yearly
 * duration test follows the stagger plan of the schedule's split, each batch starting once the one before
 * has recharged (`timeStagger`), so neighbours never run it together.
 */
function planWindow(row: EmergencyScheduleRow, window: TestWindow, fittings: Fitting[]) {
  if (fittings.length === 0) return [];
  if (row.testKind === 'function')
    return [{ batch: 0, deviceIds: fittings.map((f) => f.deviceId), dueAt: window.start }];
  const plan = staggerPlan(
    fittings.map((f) => ({ id: f.deviceId, zoneId: f.zoneId, groupIds: f.groupIds })),
    row.stagger as StaggerSplit,
  );
  const slots = timeStagger(plan, window.start, { testMinutes: testMinutesOf(row, fittings) });
  return plan.batches.map((ids, batch) => ({
    batch,
    deviceIds: ids,
    dueAt: slots.find((slot) => slot.batch === batch)!.start,
  }));
}

/** Plans the batches of every window that opened since the schedule's last one (never before it existed). */
export async function planOpenedWindows(ctx: AppContext, now: Date): Promise<number> {
  const rows = await ctx.db
    .select({ schedule: emergencySchedules, network: networks })
    .from(emergencySchedules)
    .innerJoin(networks, eq(networks.id, emergencySchedules.nid))
    .where(and(eq(emergencySchedules.enabled, true), isNull(networks.deletedAt)))
    .orderBy(asc(emergencySchedules.id));
  let planned = 0;
  for (const { schedule, network } of rows) {
    const from = new Date(
      Math.max((schedule.lastWindowAt ?? schedule.createdAt).getTime() + 1, now.getTime() - 40 * DAY),
    );
    const windows = windowsBetween(timingOf(schedule), from, new Date(now.getTime() + 1), network.timeZone);
    if (windows.length === 0) continue;
    const fittings = fittingsOfTarget(await loadFittings(ctx.db, network.id), schedule.target as EmergencyTarget);
    for (const window of windows) {
      const batches = planWindow(schedule, window, fittings);
      if (batches.length > 0) {
        const inserted = await ctx.db
          .insert(emergencyTestRuns)
          .values(
            batches.map((b) => ({
              scheduleId: schedule.id,
              nid: network.id,
              testKind: schedule.testKind,
              windowStart: window.start,
              windowEnd: window.end,
              ...b,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: emergencyTestRuns.id });
        planned += inserted.length;
      }
    }
    const last = windows.at(-1)!.start;
    await ctx.db.update(emergencySchedules).set({ lastWindowAt: last }).where(eq(emergencySchedules.id, schedule.id));
  }
  return planned;
}
