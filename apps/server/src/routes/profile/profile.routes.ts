import { Code, type ProfileScope } from '@lightwell/domain';
import { and, asc, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { profiles, shares } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { recordAudit } from '../../services/audit.ts';
import { applyProfile } from './apply-profile.ts';
import {
  loadOwnProfile,
  loadVisibleProfile,
  presentProfile,
  presentProfileSummary,
  profileUsage,
} from './profile-queries.ts';

/** Which rows a list scope shows (3-1 mine, 3-2 other users' public ones, 3-3 system defaults). */
function scopeCondition(scope: ProfileScope, uid: number): SQL {
  if (scope === 'default') return eq(profiles.isSystem, true);
  if (scope === 'mine') return and(eq(profiles.isSystem, false), eq(profiles.ownerUid, uid))!;
  return and(eq(profiles.isSystem, false), eq(profiles.isPublic, true), ne(profiles.ownerUid, uid))!;
}

async function listProfiles(ctx: AppContext, uid: number, scope: ProfileScope, page: number, pageSize: number) {
  const where = scopeCondition(scope, uid);
  const [total] = await ctx.db.select({ n: count() }).from(profiles).where(where);
  const rows = await ctx.db
    .select()
    .from(profiles)
    .where(where)
    .orderBy(...(scope === 'default' ? [asc(profiles.id)] : [desc(profiles.updatedAt), desc(profiles.id)]))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list = await Promise.all(rows.map((row) => presentProfileSummary(ctx.db, row, uid)));
  return { list, total: total?.n ?? 0, page, pageSize };
}

/** Configuration profiles: lists, read, create, change, delete, copy, and apply to zones and networks. */
export function profileRoutes(app: FastifyInstance): void {
  serveCall(app, 'profileList', async ({ ctx, session, payload }) => {
    const data = await listProfiles(ctx, session.uid, payload.scope, payload.page, payload.pageSize);
    return data.total === 0 ? new Answer(Code.emptyList, data) : data;
  });

  serveCall(app, 'profileGet', async ({ ctx, session, payload }) => {
    const row = await loadVisibleProfile(ctx, session.uid, payload.profileId);
    return presentProfile(ctx.db, row, session.uid);
  });

  serveCall(app, 'profileAdd', async ({ ctx, session, payload }) => {
    const nid = payload.nid ?? null;
    if (nid !== null) await loadNetworkAccess(ctx, session.uid, nid);
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(profiles)
        .values({
          name: payload.name,
          ownerUid: session.uid,
          isPublic: payload.isPublic,
          nid,
          settings: payload.settings,
        })
        .returning();
      await recordAudit(tx, {
        action: 'profile.add',
        actorUid: session.uid,
        nid,
        after: { id: row!.id, name: row!.name },
      });
      return presentProfile(tx, row!, session.uid);
    });
  });

  serveCall(app, 'profileUpdate', async ({ ctx, session, payload }) => {
    const current = await loadOwnProfile(ctx, session.uid, payload.profileId);
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(profiles)
        .set({ name: payload.name, isPublic: payload.isPublic, settings: payload.settings, updatedAt: ctx.now() })
        .where(eq(profiles.id, current.id))
        .returning();
      await recordAudit(tx, {
        action: 'profile.update',
        actorUid: session.uid,
        nid: current.nid,
        before: { name: current.name, isPublic: current.isPublic, settings: current.settings },
        after: { name: row!.name, isPublic: row!.isPublic, settings: row!.settings },
      });
      return presentProfile(tx, row!, session.uid);
    });
  });

  serveCall(app, 'profileDelete', async ({ ctx, session, payload }) => {
    const current = await loadOwnProfile(ctx, session.uid, payload.profileId);
    await ctx.db.transaction(async (tx) => {
      // Lock the row so an apply running at the same time either sees it gone or is counted here.
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, current.id)).for('update');
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
        actorUid: session.uid,
        nid: current.nid,
        before: { id: current.id, name: current.name },
      });
    });
    return null;
  });

  serveCall(app, 'profileCopy', async ({ ctx, session, payload }) => {
    const source = await loadVisibleProfile(ctx, session.uid, payload.profileId);
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(profiles)
        .values({
          name: payload.name ?? source.name,
          ownerUid: session.uid,
          configType: source.configType,
          sceneType: source.sceneType,
          settings: source.settings,
        })
        .returning();
      await recordAudit(tx, {
        action: 'profile.copy',
        actorUid: session.uid,
        after: { id: row!.id, from: source.id, name: row!.name },
      });
      return presentProfile(tx, row!, session.uid);
    });
  });

  serveCall(app, 'profileApply', async ({ ctx, session, payload }) => ({
    outcomes: await applyProfile(ctx, session.uid, payload.profileId, payload.zoneIds, payload.nids),
  }));
}
