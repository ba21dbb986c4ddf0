import { firingMinutes } from '@lightwell/domain';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { locationOf, runnable, type ScheduleRow } from '../db/queries/schedules.ts';
import { networks, schedules } from '../db/schema.ts';
import { type CommandSender, takeOverForFiring } from '../services/commands/manual-overrides.ts';
import { scheduleActingUid, scheduleCommand } from '../services/commands/schedule-command.ts';
import { sendCommand } from '../services/commands/send-command.ts';
import { runOnce } from '../services/run-once.ts';

export type { CommandSender };

/** How far back each run looks, so a late or skipped tick still fires what fell due; slots stop repeats. */
const LOOK_BACK_MS = 2 * 60_000;

/** Fires one schedule: sends its command to the devices no timed manual override holds, and records the run. */
async function fire(ctx: AppContext, row: ScheduleRow, send: CommandSender): Promise<string> {
  const now = ctx.now();
  await ctx.db.update(schedules).set({ lastRunAt: now }).where(eq(schedules.id, row.id));
  const uid = await scheduleActingUid(ctx, row);
  if (uid === null) return 'skipped: no owner or installer to act as';
  const command = await scheduleCommand(ctx, row);
  // Devices under a running timed manual override are left alone; their override restores this later.
  const deviceIds = await takeOverForFiring(ctx.db, row.nid, command.deviceIds, now);
  if (command.deviceIds.length > 0 && deviceIds.length === 0) return 'skipped: every device is overridden by hand';
  const task = await send(ctx, { ...command, deviceIds, uid });
  return `task ${task.id}`;
}

/**
 * Each minute: finds the enabled schedules and astro timers of live networks that fell due since the last
 * look (in each network's time zone and location) and sends their action through `sendCommand`. Every
 * firing is claimed with `runOnce` keyed by schedule id and minute slot, so it is sent exactly once across
 * processes, however often the window is looked at.
 */
export async function runSchedules(ctx: AppContext, send: CommandSender = sendCommand): Promise<string> {
  const now = ctx.now();
  const after = new Date(now.getTime() - LOOK_BACK_MS);
  const rows = await ctx.db
    .select({ schedule: schedules, network: networks })
    .from(schedules)
    .innerJoin(networks, eq(networks.id, schedules.nid))
    .where(and(eq(schedules.enabled, true), isNull(networks.deletedAt)))
    .orderBy(asc(schedules.id));
  let fired = 0;
  for (const { schedule, network } of rows) {
    const minutes = firingMinutes(runnable(schedule), after, now, network.timeZone, locationOf(network));
    for (const minute of minutes) {
      if (await runOnce(ctx.db, `schedule:${schedule.id}`, minute, () => fire(ctx, schedule, send))) fired += 1;
    }
  }
  return `schedules fired ${fired}`;
}
