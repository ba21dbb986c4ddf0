import { Code } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { pageOfProfiles } from '../../db/queries/profiles.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer } from '../../lib/call-error.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { loadOwnProfile, loadVisibleProfile } from '../../policies/profile.ts';
import { presentProfile, presentProfileSummary } from '../../presenters/profile.ts';
import { applyProfile, planProfileApply } from '../../services/profiles/apply-profile.ts';
import { deleteProfile } from '../../services/profiles/delete-profile.ts';
import { loadProfileFacts } from '../../services/profiles/load-profiles.ts';
import { addProfile, copyProfile, updateProfile } from '../../services/profiles/save-profile.ts';

/** Configuration profiles: lists, read, create, change, delete, copy, and apply to zones and networks. */
export function profileRoutes(app: FastifyInstance): void {
  serveCall(app, 'profileList', async ({ ctx, session, payload }) => {
    const { rows, total } = await pageOfProfiles(ctx.db, session.uid, payload.scope, payload);
    const list = await Promise.all(
      rows.map(async (row) =>
        presentProfileSummary(row, session.uid, await loadProfileFacts(ctx.db, row, session.uid)),
      ),
    );
    const data = { list, total, page: payload.page, pageSize: payload.pageSize };
    return total === 0 ? new Answer(Code.emptyList, data) : data;
  });

  serveCall(app, 'profileGet', async ({ ctx, session, payload }) => {
    const row = await loadVisibleProfile(ctx, session.uid, payload.profileId);
    return presentProfile(row, session.uid, await loadProfileFacts(ctx.db, row, session.uid));
  });

  serveCall(app, 'profileAdd', async ({ ctx, session, payload }) => {
    const nid = payload.nid ?? null;
    if (nid !== null) await loadNetworkAccess(ctx, session.uid, nid);
    const { row, facts } = await addProfile(ctx, session.uid, payload);
    return presentProfile(row, session.uid, facts);
  });

  serveCall(app, 'profileUpdate', async ({ ctx, session, payload }) => {
    const current = await loadOwnProfile(ctx, session.uid, payload.profileId);
    const { row, facts } = await updateProfile(ctx, session.uid, current, payload);
    return presentProfile(row, session.uid, facts);
  });

  serveCall(app, 'profileDelete', async ({ ctx, session, payload }) => {
    const current = await loadOwnProfile(ctx, session.uid, payload.profileId);
    await deleteProfile(ctx, session.uid, current);
    return null;
  });

  serveCall(app, 'profileCopy', async ({ ctx, session, payload }) => {
    const source = await loadVisibleProfile(ctx, session.uid, payload.profileId);
    const { row, facts } = await copyProfile(ctx, session.uid, source, payload.name);
    return presentProfile(row, session.uid, facts);
  });

  serveCall(app, 'profileApply', async ({ ctx, session, payload }) => {
    const plans = await planProfileApply(ctx, session.uid, payload.zoneIds, payload.nids);
    return { outcomes: await applyProfile(ctx, session.uid, payload.profileId, plans) };
  });
}
