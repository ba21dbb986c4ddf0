import { Code, epochSeconds, ProfileSettingsSchema, shareLinkState } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { findProfile, findProfileShare } from '../../db/queries/profiles.ts';
import { findUserById } from '../../db/queries/users.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadOwnProfile } from '../../policies/profile.ts';
import { presentProfile } from '../../presenters/profile.ts';
import { acceptProfileShare, shareProfile } from '../../services/profiles/share-profile.ts';
import { checkAcceptable } from '../../services/share-links.ts';

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
    const row = await findProfileShare(ctx.db, payload.link);
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
    const share = await checkAcceptable(ctx, session.uid, await findProfileShare(ctx.db, payload.link));
    const { row, facts } = await acceptProfileShare(ctx, session.uid, share);
    return presentProfile(row, session.uid, facts);
  });
}
