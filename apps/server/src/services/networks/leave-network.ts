import type { Member } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { networkUsers } from '../../db/schema.ts';
import { recordAudit } from '../audit.ts';
import { releaseProjectMembers } from '../release-project-members.ts';

/**
 * Takes member `me` out of a network they leave (`deleteOutcome` 'leave'), and out of its project when
 * nothing else keeps them there; audited.
 */
export async function leaveNetwork(ctx: AppContext, network: NetworkRow, me: Member): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(networkUsers).where(and(eq(networkUsers.nid, network.id), eq(networkUsers.uid, me.uid)));
    await releaseProjectMembers(tx, network.pid, [me.uid]);
    await recordAudit(tx, {
      action: 'network.leave',
      actorUid: me.uid,
      pid: network.pid,
      nid: network.id,
      before: me,
    });
  });
}
