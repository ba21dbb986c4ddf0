import type { AppContext } from '../../context.ts';
import { findProfile, type ProfileRow, pendingProfileShareEmails } from '../../db/queries/profiles.ts';
import { findUserById } from '../../db/queries/users.ts';
import { profiles, type shares } from '../../db/schema.ts';
import { recordAudit } from '../audit.ts';
import { issueInvitations, linkInvalid, recipientsRefusal, shareRefused, spendShare } from '../share-links.ts';
import { type LoadedProfile, loadProfile } from './load-profiles.ts';

const _DAY_MS = 86_400_000;

/**
 * Pending links to `uid`'s own profile for up to 6 addresses (section 5: no duplicates, not oneself; 1064
 * for the whole batch, also when an address already has a pending link to this profile), valid 7 days,
 * e-mailed; 1019 with `retryAfter` when the sharer's mail allowance does not cover every address; 1052 and
 * nothing kept when the mail cannot be sent. Audited.
 */
export async function shareProfile(
  ctx: AppContext,
  uid: number,
  profile: ProfileRow,
  emails: string[],
): Promise<{ sent: number }> {
  const sharer = (await findUserById(ctx.db, uid))!;
  const unacceptable = recipientsRefusal(emails, sharer.email);
  if (unacceptable) throw unacceptable;
  const pending = await pendingProfileShareEmails(ctx.db, profile.id, emails, ctx.now());
  if (pending.length) throw shareRefused('pending', pending, 'Some addresses already have a pending invitation.');

  return issueInvitations(ctx, uid, emails, profile.name, {
    row: (email) => ({ kind: 'config', configId: profile.id, email, userType: 0 }),
    audit: { action: 'profile.share', after: { profileId: profile.id, emails } },
  });
}

/**
 * Accepts profile share link `share` (already checked acceptable by `uid`): spends it and copies the
 * profile, as it is at that moment, into `uid`'s own profiles, in one transaction; 1065 `accepted` when
 * another request spent it first, `gone` when the profile was deleted. Audited.
 */
export function acceptProfileShare(
  ctx: AppContext,
  uid: number,
  share: typeof shares.$inferSelect,
): Promise<LoadedProfile> {
  return ctx.db.transaction(async (tx) => {
    await spendShare(tx, ctx, uid, share.id);
    const source = await findProfile(tx, share.configId!);
    if (!source) throw linkInvalid('gone');
    const [copy] = await tx
      .insert(profiles)
      .values({
        name: source.name,
        ownerUid: uid,
        configType: source.configType,
        sceneType: source.sceneType,
        settings: source.settings,
      })
      .returning();
    await recordAudit(tx, {
      action: 'profile.share.accept',
      actorUid: uid,
      after: { profileId: copy!.id, from: source.id },
    });
    return loadProfile(tx, copy!, uid);
  });
}
