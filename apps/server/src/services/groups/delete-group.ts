import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { groups } from '../../db/schema.ts';
import { hasRealDevices } from '../../policies/network-edit.ts';
import type { GroupRow } from '../../presenters/group.ts';
import { recordAudit } from '../audit.ts';
import { lockNetwork } from '../lock-network.ts';
import { loadGroup } from './load-groups.ts';
import type { GroupActor } from './save-group.ts';

/**
 * Deletes a group under its network's lock, with its audit event; refused (section 8) while it holds real
 * devices.
 */
export async function deleteGroup(ctx: AppContext, actor: GroupActor, group: GroupRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockNetwork(tx, group.nid);
    const current = await loadGroup(tx, group.id);
    if (current.realDeviceCount > 0) throw hasRealDevices(current.realDeviceCount);
    await tx.delete(groups).where(eq(groups.id, group.id));
    await recordAudit(tx, {
      action: 'group.delete',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: group.nid,
      before: { id: group.id, name: group.name },
    });
  });
}
