import { builtInSceneAction, type CommandAction, type ScheduleAction } from '@lightwell/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ScheduleRow } from '../../db/queries/schedules.ts';
import { networkUsers, scenes } from '../../db/schema.ts';
import { resolveTargetDevices } from './resolve-targets.ts';
import type { CommandRequest } from './send-command.ts';

/** The user a schedule's commands are sent as: its creator, else an owner or installer of the network. */
export async function scheduleActingUid(ctx: AppContext, row: ScheduleRow): Promise<number | null> {
  if (row.createdBy !== null) return row.createdBy;
  const [member] = await ctx.db
    .select({ uid: networkUsers.uid })
    .from(networkUsers)
    .where(and(eq(networkUsers.nid, row.nid), inArray(networkUsers.userType, [2, 1])))
    .orderBy(asc(networkUsers.userType))
    .limit(1);
  return member?.uid ?? null;
}

/**
 * The devices and action a schedule's firing sends: its scene recalled (a built-in scene as a light
 * command to every luminaire), or its group, zone or network's lights switched. Throws when its scene is gone.
 */
export async function scheduleCommand(ctx: AppContext, row: ScheduleRow): Promise<Omit<CommandRequest, 'uid'>> {
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
