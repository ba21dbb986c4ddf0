import { Code, calls, Limits } from '@lightwell/domain';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { displayTokens, users } from '../../db/schema.ts';
import { sendRefusal } from '../../http/refusal.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { authorizeDisplayAdmin } from '../../policies/network-edit.ts';
import { presentDisplay } from '../../presenters/display-token.ts';
import { addDisplayToken, revokeDisplayToken } from '../../services/change-display-token.ts';
import { openDisplay } from '../../services/open-display.ts';
import { streamLiveEvents, trackLiveStreams } from '../live/live.routes.ts';
import { loadScreenSnapshot } from './screen-snapshot.ts';

/**
 * The lobby dashboard (`/screen/index`) and its display keys: members open it with their session, a
 * display key opens one network's dashboard and live events and nothing else (`docs/decisions.md`,
 * "Lobby dashboard").
 */
export function screenRoutes(app: FastifyInstance): void {
  serveCall(app, 'displayTokenAdd', async ({ ctx, session, payload }) => {
    authorizeDisplayAdmin(await loadNetworkAccess(ctx, session.uid, payload.nid));
    const [{ live } = { live: 0 }] = await ctx.db
      .select({ live: count() })
      .from(displayTokens)
      .where(and(eq(displayTokens.nid, payload.nid), isNull(displayTokens.revokedAt)));
    if (live >= Limits.displayTokensPerNetwork) {
      const max = Limits.displayTokensPerNetwork;
      throw new CallError(
        Code.badInput,
        `A network has at most ${max} display keys.`,
        { max },
        {
          key: 'refusals.1001.displayLimit',
        },
      );
    }
    const { row, key } = await addDisplayToken(ctx, session.uid, payload.nid, payload.name);
    const [me] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, session.uid));
    return { ...presentDisplay(row, me?.name ?? null), key };
  });

  serveCall(app, 'displayTokenList', async ({ ctx, session, payload }) => {
    authorizeDisplayAdmin(await loadNetworkAccess(ctx, session.uid, payload.nid));
    const rows = await ctx.db
      .select({ display: displayTokens, createdByName: users.name })
      .from(displayTokens)
      .leftJoin(users, eq(users.id, displayTokens.createdBy))
      .where(and(eq(displayTokens.nid, payload.nid), isNull(displayTokens.revokedAt)))
      .orderBy(asc(displayTokens.id));
    const list = rows.map((row) => presentDisplay(row.display, row.createdByName));
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'displayTokenRevoke', async ({ ctx, session, payload }) => {
    const [row] = await ctx.db
      .select()
      .from(displayTokens)
      .where(and(eq(displayTokens.id, payload.id), isNull(displayTokens.revokedAt)))
      .limit(1);
    if (!row) throw noPermission();
    authorizeDisplayAdmin(await loadNetworkAccess(ctx, session.uid, row.nid));
    await revokeDisplayToken(ctx, session.uid, row);
    return null;
  });

  serveCall(app, 'screenView', async ({ ctx, session, payload }) => {
    const { network } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    return loadScreenSnapshot(ctx, network, null);
  });

  serveCall(app, 'screenDisplay', async ({ ctx, payload }) => {
    const { display, network } = await openDisplay(ctx, payload.key);
    return loadScreenSnapshot(ctx, network, display.name);
  });

  const live = calls.screenLive;
  trackLiveStreams(app);
  app.route({
    method: 'POST',
    url: live.path,
    schema: { body: live.body, tags: [live.tag], summary: live.summary, operationId: 'screenLive' },
    compress: false,
    handler: async (request, reply) => {
      const { ctx } = app;
      const { key } = request.body as { key: string };
      let nid: number;
      try {
        nid = (await openDisplay(ctx, key)).network.id;
      } catch (error) {
        if (error instanceof CallError) return sendRefusal(ctx, request, reply, error);
        throw error;
      }
      streamLiveEvents(app, request, reply, nid, () => openDisplay(ctx, key));
    },
  });
}
