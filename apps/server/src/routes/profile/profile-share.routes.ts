import { Code, epochSeconds, ProfileSettingsSchema, SHARE_LINK_DAYS, shareLinkState } from '@lightwell/domain';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findUserById } from '../../db/queries/users.ts';
import { profiles, shares } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { recordAudit } from '../../services/audit.ts';
import { takeMailAllowance } from '../../services/mail-limits.ts';
import {
  checkAcceptable,
  linkInvalid,
  mailInvitationsOrUndo,
  recipientsRefusal,
  shareRefused,
  spendShare,
} from '../../services/share-links.ts';
import { findProfile, loadOwnProfile, type ProfileRow, presentProfile } from './profile-queries.ts';

const DAY_MS = 86_400_000;

/**
 * Pending links for up to 6 addresses (section 5: no duplicates, not oneself; 1064 for the whole batch,
 * also when an address already has a pending link to this profile), valid 7 days, e-mailed; 1019 with
 * `retryAfter` when the sharer's mail allowance does not cover every address; 1052 and nothing kept when
 * the mail cannot be sent.
 */
async function shareProfile(ctx: AppContext, uid: number, profile: ProfileRow, emails: string[]) {
  const sharer = (await findUserById(ctx.db, uid))!;
  const unacceptable = recipientsRefusal(emails, sharer.email);
  if (unacceptable) throw unacceptable;
  const pending = await ctx.db
    .select({ email: shares.email })
    .from(shares)
    .where(
      and(
        eq(shares.kind, 'config'),
        eq(shares.configId, profile.id),
        eq(shares.status, 'pending'),
        gt(shares.expiresAt, ctx.now()),
        inArray(shares.email, emails),
      ),
    );
  if (pending.length)
    throw shareRefused(
      'pending',
      pending.map((p) => p.email),
      'Some addresses already have a pending invitation.',
    );

  const expiresAt = new Date(ctx.now().getTime() + SHARE_LINK_DAYS * DAY_MS);
  const tokens = emails.map(() => newToken());
  const { rows, allowance } = await ctx.db.transaction(async (tx) => {
    const taken = await takeMailAllowance(ctx, tx, uid, emails, 'share');
    const inserted = await tx
      .insert(shares)
      .values(
        emails.map((email, i) => ({
          kind: 'config',
          configId: profile.id,
          sharerUid: uid,
          email,
          userType: 0,
          tokenHash: hashToken(tokens[i]!),
          expiresAt,
        })),
      )
      .returning();
    await recordAudit(tx, { action: 'profile.share', actorUid: uid, after: { profileId: profile.id, emails } });
    return { rows: inserted, allowance: taken };
  });
  return mailInvitationsOrUndo(ctx, rows, tokens, profile.name, allowance);
}

async function findConfigShare(ctx: AppContext, link: string) {
  const [row] = await ctx.db
    .select()
    .from(shares)
    .where(and(eq(shares.tokenHash, hashToken(link)), eq(shares.kind, 'config')))
    .limit(1);
  return row;
}

/**
 * Sharing a profile by e-mail link. Accepting copies the profile, as it is at that moment, into the
 * recipient's own profiles: the recipient gets no access to the sharer's profile or its later changes.
 */
export function profileShareRoutes(app: FastifyInstance): void {
  serveCall(app, 'profileShare', async ({ ctx, session, payload }) => {
    const profile = await loadOwnProfile(ctx, session.uid, payload.profileId);
    return shareProfile(ctx, session.uid, profile, payload.emails);
  });

  serveCall(app, 'profileShareInfo', async ({ ctx, payload }) => {
    const row = await findConfigShare(ctx, payload.link);
    if (!row) {
      throw new CallError(Code.checkFailed, 'This link does not exist.', null, { key: 'refusals.1054.unknownLink' });
    }
    const sharer = await findUserById(ctx.db, row.sharerUid);
    const profile = await findProfile(ctx.db, row.configId!);
    return {
      profileName: profile?.name ?? '',
      sharerName: sharer?.name ?? '',
      email: row.email,
      state: shareLinkState(row.status, row.expiresAt.getTime(), ctx.now().getTime()),
      expiresAt: epochSeconds(row.expiresAt),
      settings: profile ? ProfileSettingsSchema.parse(profile.settings) : null,
    };
  });

  serveCall(app, 'profileShareAccept', async ({ ctx, session, payload }) => {
    const row = await checkAcceptable(ctx, session.uid, await findConfigShare(ctx, payload.link));
    return ctx.db.transaction(async (tx) => {
      await spendShare(tx, ctx, session.uid, row.id);
      const source = await findProfile(tx, row.configId!);
      if (!source) throw linkInvalid('gone');
      const [copy] = await tx
        .insert(profiles)
        .values({
          name: source.name,
          ownerUid: session.uid,
          configType: source.configType,
          sceneType: source.sceneType,
          settings: source.settings,
        })
        .returning();
      await recordAudit(tx, {
        action: 'profile.share.accept',
        actorUid: session.uid,
        after: { profileId: copy!.id, from: source.id },
      });
      return presentProfile(tx, copy!, session.uid);
    });
  });
}
