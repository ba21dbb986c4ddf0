import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { projectFactsOf } from '../db/queries/projects.ts';
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
import { releaseProjectMembers } from './release-project-members.ts';

/**
 * Moves networks into project `pid`, all or none: the user must be allowed to add a network to the target
 * project (`canAddNetworkToProject`, as `network/add`) and to edit every network. Members of a moved
 * network become members of the target project so they keep seeing it, and leave the project it came from
 * unless something else keeps them there (`releaseProjectMembers`).
 */
export async function moveNetworks(ctx: AppContext, uid: number, nids: number[], pid: number): Promise<void> {
  await loadProjectAccess(ctx, uid, pid);
  authorize((await projectFactsOf(ctx.db, uid, pid)).canAddNetwork);
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
      const uids = members.map((m) => m.uid);
      await ensureProjectMembers(tx, pid, uids);
      await releaseProjectMembers(tx, network.pid, uids);
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
