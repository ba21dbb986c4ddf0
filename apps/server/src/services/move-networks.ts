import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { networks } from '../db/schema.ts';
import {
  authorize,
  ensureProjectMembers,
  loadNetworkAccess,
  loadProjectAccess,
  type NetworkAccess,
} from '../policies/access.ts';
import { auditNetwork } from '../presenters/network.ts';
import { recordAudit } from './audit.ts';

/**
 * Moves networks into project `pid`, all or none: the user must belong to the target project and be
 * allowed to edit every network. Members of a moved network become members of the target project so
 * they keep seeing it.
 */
export async function moveNetworks(ctx: AppContext, uid: number, nids: number[], pid: number): Promise<void> {
  await loadProjectAccess(ctx, uid, pid);
  const accesses: NetworkAccess[] = [];
  for (const nid of new Set(nids)) {
    const access = await loadNetworkAccess(ctx, uid, nid);
    authorize(access.abilities.edit);
    accesses.push(access);
  }
  await ctx.db.transaction(async (tx) => {
    for (const { network, members } of accesses) {
      if (network.pid === pid) continue;
      const [moved] = await tx
        .update(networks)
        .set({ pid, updatedAt: ctx.now() })
        .where(eq(networks.id, network.id))
        .returning();
      await ensureProjectMembers(
        tx,
        pid,
        members.map((m) => m.uid),
      );
      await recordAudit(tx, {
        action: 'network.move',
        actorUid: uid,
        pid,
        nid: network.id,
        before: auditNetwork(network),
        after: auditNetwork(moved!),
      });
    }
  });
}
