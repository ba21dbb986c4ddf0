import { Code, epochSeconds, shareLinkState, UserType } from '@lightwell/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findUserById } from '../../db/queries/users.ts';
import { networks, profiles, projects, shares } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import { authorize, loadNetworkAccess } from '../../policies/access.ts';
import { loadProjectSettingsAccess } from '../../policies/project-settings.ts';
import { acceptShare, revokeShare } from '../../services/change-share.ts';
import {
  checkAcceptable,
  createShares,
  linkInvalid,
  loadOwnShare,
  mayGrant,
  resendShare,
  shareRefused,
} from '../../services/share-links.ts';

async function targetName(ctx: AppContext, share: typeof shares.$inferSelect): Promise<string> {
  if (share.kind === 'config') {
    const [c] = await ctx.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, share.configId!));
    return c?.name ?? '';
  }
  if (share.nid !== null) {
    const [n] = await ctx.db.select({ name: networks.name }).from(networks).where(eq(networks.id, share.nid));
    return n?.name ?? '';
  }
  const [p] = await ctx.db.select({ name: projects.name }).from(projects).where(eq(projects.id, share.pid!));
  return p?.name ?? '';
}

/** A network or project share by its link; profile links are served by the profile calls. */
async function findByLink(ctx: AppContext, link: string) {
  const [row] = await ctx.db
    .select()
    .from(shares)
    .where(and(eq(shares.tokenHash, hashToken(link)), inArray(shares.kind, ['network', 'project'])))
    .limit(1);
  return row;
}

/** Sharing by e-mail link: invite, list, resend, revoke, and the public link page with acceptance. */
export function shareRoutes(app: FastifyInstance): void {
  serveCall(app, 'shareNetwork', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorize(mayGrant(access.members, session.uid, payload.userType));
    if (payload.userType === UserType.owner && access.members.some((m) => m.userType === UserType.owner)) {
      throw shareRefused('ownerTaken', [], 'This network already has an owner.');
    }
    const target = {
      kind: 'network' as const,
      pid: access.network.pid,
      nid: access.network.id,
      name: access.network.name,
      memberUids: access.members.map((m) => m.uid),
    };
    return createShares(ctx, session.uid, target, payload.emails, payload.userType);
  });

  serveCall(app, 'shareProject', async ({ ctx, session, payload }) => {
    // Only those who may change the project's settings hand out places in it (`canEditProjectSettings`).
    const { project, canEdit } = await loadProjectSettingsAccess(ctx, session.uid, payload.pid);
    authorize(canEdit);
    const target = { kind: 'project' as const, pid: project.id, nid: null, name: project.name, memberUids: [] };
    return createShares(ctx, session.uid, target, payload.emails, payload.userType);
  });

  serveCall(app, 'shareList', async ({ ctx, session }) => {
    const rows = await ctx.db.select().from(shares).where(eq(shares.sharerUid, session.uid)).orderBy(desc(shares.id));
    const list = [];
    for (const row of rows) {
      list.push({
        id: row.id,
        kind: row.kind as 'network' | 'project' | 'config',
        targetId: (row.configId ?? row.nid ?? row.pid)!,
        targetName: await targetName(ctx, row),
        email: row.email,
        userType: row.userType,
        state: shareLinkState(row.status, row.expiresAt.getTime(), ctx.now().getTime()),
        expiresAt: epochSeconds(row.expiresAt),
        createdAt: epochSeconds(row.createdAt),
      });
    }
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'shareResend', async ({ ctx, session, payload }) => {
    const { row } = await loadOwnShare(ctx, session.uid, payload.id);
    await resendShare(ctx, session.uid, payload.id, await targetName(ctx, row));
    return null;
  });

  serveCall(app, 'shareRevoke', async ({ ctx, session, payload }) => {
    const { row, state } = await loadOwnShare(ctx, session.uid, payload.id);
    if (state !== 'pending') throw linkInvalid(state);
    await revokeShare(ctx, session.uid, row);
    return null;
  });

  serveCall(app, 'shareInfo', async ({ ctx, payload }) => {
    const row = await findByLink(ctx, payload.link);
    if (!row) {
      throw new CallError(Code.checkFailed, 'This link does not exist.', null, { key: 'refusals.1054.unknownLink' });
    }
    const sharer = await findUserById(ctx.db, row.sharerUid);
    return {
      kind: row.kind as 'network' | 'project',
      targetName: await targetName(ctx, row),
      sharerName: sharer?.name ?? '',
      email: row.email,
      userType: row.userType,
      state: shareLinkState(row.status, row.expiresAt.getTime(), ctx.now().getTime()),
      expiresAt: epochSeconds(row.expiresAt),
    };
  });

  serveCall(app, 'shareAccept', async ({ ctx, session, payload }) => {
    const row = await checkAcceptable(ctx, session.uid, await findByLink(ctx, payload.link));
    return acceptShare(ctx, session.uid, row);
  });
}
