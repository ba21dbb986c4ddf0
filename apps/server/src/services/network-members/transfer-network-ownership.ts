import type { Member } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { networkUsers } from '../../db/schema.ts';
import { recordAudit } from '../audit.ts';
import { releaseProjectMembers } from '../release-project-members.ts';

/**
 * Stores the members `next` that `transferOwnership` made of `members`: those left out leave the network
 * (and its project when nothing else keeps them there), the others take their new roles; audited.
 */
export async function transferNetworkOwnership(
  ctx: AppContext,
  uid: number,
  network: NetworkRow,
  members: readonly Member[],
  next: readonly Member[],
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const kept = new Set(next.map((m) => m.uid));
    const removed = members.filter((m) => !kept.has(m.uid)).map((m) => m.uid);
    if (removed.length) {
      await tx.delete(networkUsers).where(and(eq(networkUsers.nid, network.id), inArray(networkUsers.uid, removed)));
      await releaseProjectMembers(tx, network.pid, removed);
    }
    // Demote before promoting: the database allows one owner per network at any moment.
    const changed = next.filter((m) => members.find((o) => o.uid === m.uid)?.userType !== m.userType);
    changed.sort((a, b) => (a.userType === 2 ? 1 : 0) - (b.userType === 2 ? 1 : 0));
    for (const member of changed) {
      await tx
        .update(networkUsers)
        .set({ userType: member.userType })
        .where(and(eq(networkUsers.nid, network.id), eq(networkUsers.uid, member.uid)));
    }
    await recordAudit(tx, {
      action: 'network.transfer',
      actorUid: uid,
      pid: network.pid,
      nid: network.id,
      before: members,
      after: next,
    });
  });
}
