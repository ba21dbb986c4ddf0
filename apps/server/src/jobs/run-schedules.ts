import { builtInSceneAction, type CommandAction, firingMinutes, type ScheduleAction } from '@lightwell/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { networks, networkUsers, scenes, schedules } from '../db/schema.ts';
import { locationOf, runnable, type ScheduleRow } from '../routes/schedule/schedule-queries.ts';
import { type CommandRequest, resolveTargetDevices, sendCommand } from '../services/commands/send-command.ts';
import { runOnce } from './run-once.ts';

/** How far back each run looks, so a late or skipped tick still fires what fell due; slots stop repeats. */
const LOOK_BACK_MS = 2 * 60_000;

/** Sends a command (CONTROL's `sendCommand`; tests pass a recorder). */
export type CommandSender = (ctx: AppContext, request: CommandRequest) => Promise<{ id: number }>;

/** The user a schedule's commands are sent as: its creator, else an owner or installer of the network. */
async function actingUid(ctx: AppContext, row: ScheduleRow): Promise<number | null> {
  if (row.createdBy !== null) return row.createdBy;
  const [member] = await ctx.db
    .select({ uid: networkUsers.uid })
    .from(networkUsers)
    .where(and(eq(networkUsers.nid, row.nid), inArray(networkUsers.userType, [2, 1])))
    .orderBy(asc(networkUsers.userType))
    .limit(1);
  return member?.uid ?? null;
}

/** The devices and action a schedule's firing sends: its scene recalled, or its lights switched. */
async function commandOf(ctx: AppContext, row: ScheduleRow): Promise<Omit<CommandRequest, 'uid'>> {
  const base = { nid: row.nid, targetKind: row.targetKind as CommandRequest['targetKind'], targetId: row.targetId };
  const action = row.action as ScheduleAction;
  if (action.op === 'scene') {
    const [scene] = await ctx.db
      .select()
      .from(scenes)
      .where(and(eq(scenes.id, row.targetId ?? 0), eq(scenes.nid, row.nid)));
    if (!scene) throw new Error('the scene no longer exists');
    const builtIn = builtInSceneAction(scene.builtIn, Math.round(scene.fadeTime * 1000));
    if (builtIn) {
      const deviceIds = await resolveTargetDevices(ctx.db, row.nid, { kind: 'network' }, true);
      return { ...base, deviceIds, action: builtIn };
    }
    const deviceIds = await resolveTargetDevices(ctx.db, row.nid, { kind: 'scene', ids: [scene.id] });
    return { ...base, deviceIds, action: { op: 'scene', sceneNumber: scene.number } };
  }
  const kind = row.targetKind as 'group' | 'zone' | 'network';
  const ids = row.targetId === null ? undefined : [row.targetId];
  const deviceIds = await resolveTargetDevices(ctx.db, row.nid, { kind, ids }, true);
  const light: CommandAction = { op: 'light', onOff: action.onOff, fadeMs: 0 };
  if (action.lightness !== undefined) light.lightness = action.lightness;
  if (action.cct !== undefined) light.cct = action.cct;
  return { ...base, deviceIds, action: light };
}

/** Fires one schedule: sends its command and records the run. */
async function fire(ctx: AppContext, row: ScheduleRow, send: CommandSender): Promise<string> {
  await ctx.db.update(schedules).set({ lastRunAt: ctx.now() }).where(eq(schedules.id, row.id));
  const uid = await actingUid(ctx, row);
  if (uid === null) return 'skipped: no owner or installer to act as';
  const task = await send(ctx, { ...(await commandOf(ctx, row)), uid });
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
