import { Code } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { lockProfile, type ProfileRow, profileUsage } from '../../db/queries/profiles.ts';
import { profiles, shares } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { recordAudit } from '../audit.ts';

/**
 * Deletes `uid`'s own profile `current` and withdraws its pending share links; 1080 with the usage while
 * it is applied to a zone or network. Audited.
 */
export async function deleteProfile(ctx: AppContext, uid: number, current: ProfileRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Lock the row so an apply running at the same time either sees it gone or is counted here.
    await lockProfile(tx, current.id);
    const usage = await profileUsage(tx, current.id);
    if (usage.zones + usage.networks > 0) {
      throw new CallError(Code.profileInUse, 'This profile is in use and cannot be deleted.', usage);
    }
    await tx
      .update(shares)
      .set({ status: 'revoked' })
      .where(and(eq(shares.kind, 'config'), eq(shares.configId, current.id), inArray(shares.status, ['pending'])));
    await tx.delete(profiles).where(eq(profiles.id, current.id));
    await recordAudit(tx, {
      action: 'profile.delete',
      actorUid: uid,
      nid: current.nid,
      before: { id: current.id, name: current.name },
    });
  });
}
