import type { Member } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { networks } from '../../db/schema.ts';
import { ensureProjectMembers } from '../../policies/access.ts';
import { auditNetwork } from '../../presenters/network.ts';
import { recordAudit } from '../audit.ts';
import { releaseProjectMembers } from '../release-project-members.ts';

/**
 * Moves a network into the recycle bin or back out of it, with its members out of or back into its
 * project, audited as `network.delete` or `network.restore`.
 */
async function moveNetwork(
  ctx: AppContext,
  uid: number,
  network: NetworkRow,
  members: readonly Member[],
  into: 'bin' | 'project',
): Promise<void> {
  const uids = members.map((m) => m.uid);
  await ctx.db.transaction(async (tx) => {
    const [after] = await tx
      .update(networks)
      .set(
        into === 'bin'
          ? { deletedAt: ctx.now(), deletedBy: uid }
          : { deletedAt: null, deletedBy: null, updatedAt: ctx.now() },
      )
      .where(eq(networks.id, network.id))
      .returning();
    // A network in the recycle bin keeps nobody in its project; restoring it brings its members back.
    if (into === 'bin') await releaseProjectMembers(tx, network.pid, uids);
    else await ensureProjectMembers(tx, network.pid, uids);
    await recordAudit(tx, {
      action: into === 'bin' ? 'network.delete' : 'network.restore',
      actorUid: uid,
      pid: network.pid,
      nid: network.id,
      before: auditNetwork(network),
      after: auditNetwork(after!),
    });
  });
}

/**
 * Moves a network into the recycle bin (`deleteOutcome` 'delete'): its members leave its project unless
 * something else keeps them there, and come back when it is restored; audited.
 */
export const deleteNetwork = (ctx: AppContext, uid: number, network: NetworkRow, members: readonly Member[]) =>
  moveNetwork(ctx, uid, network, members, 'bin');

/** Brings a network back from the recycle bin, and its members back into its project; audited. */
export const restoreNetwork = (ctx: AppContext, uid: number, network: NetworkRow, members: readonly Member[]) =>
  moveNetwork(ctx, uid, network, members, 'project');
