import type { Member } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { networkUsers } from '../../db/schema.ts';
import { recordAudit } from '../audit.ts';
import { releaseProjectMembers } from '../release-project-members.ts';

/**
 * Removes member `memberUid` from a network, and from its project when that was their last network
 * there; audited with the membership removed.
 */
export async function removeMember(
  ctx: AppContext,
  uid: number,
  network: NetworkRow,
  members: readonly Member[],
  memberUid: number,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(networkUsers).where(and(eq(networkUsers.nid, network.id), eq(networkUsers.uid, memberUid)));
    // Removed from the project's last network they were in: out of the project too.
    await releaseProjectMembers(tx, network.pid, [memberUid]);
    const before = members.find((m) => m.uid === memberUid);
    await recordAudit(tx, {
      action: 'member.remove',
      actorUid: uid,
      pid: network.pid,
      nid: network.id,
      before,
    });
  });
}
