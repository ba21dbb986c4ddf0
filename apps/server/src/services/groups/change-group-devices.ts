import { Code, type Group, refusedGroupMembers } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { groupDevices } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import type { GroupRow } from '../../presenters/group.ts';
import { loadGroup } from './load-groups.ts';

/**
 * Adds devices of the group's network (as `devicesOfNetwork` loads them) to it, those already in staying;
 * 1001 naming the devices of a kind the group does not take: luminaires only in a luminaire group,
 * emergency devices in an emergency one.
 */
export async function addGroupDevices(
  ctx: AppContext,
  group: GroupRow,
  members: readonly { id: number; kind: string }[],
): Promise<Group> {
  const refused = refusedGroupMembers(group.type, members);
  if (refused.length > 0) {
    const message =
      group.type === 2 ? 'Emergency groups take only emergency devices.' : 'Luminaire groups take only luminaires.';
    throw new CallError(
      Code.badInput,
      message,
      { devices: refused },
      { key: group.type === 2 ? 'refusals.1001.groupEmergencyOnly' : 'refusals.1001.groupLuminairesOnly' },
    );
  }
  await ctx.db
    .insert(groupDevices)
    .values(members.map((device) => ({ groupId: group.id, deviceId: device.id })))
    .onConflictDoNothing();
  return loadGroup(ctx.db, group.id);
}

/** Takes devices out of a group (ids not in it are ignored). */
export async function removeGroupDevices(ctx: AppContext, group: GroupRow, deviceIds: number[]): Promise<Group> {
  await ctx.db
    .delete(groupDevices)
    .where(and(eq(groupDevices.groupId, group.id), inArray(groupDevices.deviceId, deviceIds)));
  return loadGroup(ctx.db, group.id);
}
