import { randomBytes } from 'node:crypto';
import { Code, calls, type DisplayToken, epochSeconds, epochSecondsOrNull, Limits } from '@lightwell/domain';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { displayTokens, networks, users } from '../../db/schema.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { serveCall } from '../../lib/serve-call.ts';
import { hashToken } from '../../lib/tokens.ts';
import { loadNetworkAccess, type NetworkAccess, type NetworkRow, noPermission } from '../../policies/access.ts';
import { recordAudit } from '../../services/audit.ts';
import { streamLiveEvents, trackLiveStreams } from '../live/live.routes.ts';
import { loadScreenSnapshot } from './screen-snapshot.ts';

type DisplayRow = typeof displayTokens.$inferSelect;

/** Last use is written at most this often per key. */
const TOUCH_INTERVAL_MS = 60_000;

/** A new display key: `lwd_` and 256 random bits, base64url. */
function newDisplayKey(): string {
  return `lwd_${randomBytes(32).toString('base64url')}`;
}

function presentDisplay(row: DisplayRow, createdByName: string | null): DisplayToken {
  return {
    id: row.id,
    nid: row.nid,
    name: row.name,
    createdByName,
    createTime: epochSeconds(row.createdAt),
    lastUsed: epochSecondsOrNull(row.lastUsedAt),
  };
}

/** Display keys are the network administrator's (owner, or the only installer of an ownerless network). */
async function loadAdminAccess(ctx: AppContext, uid: number, nid: number): Promise<NetworkAccess> {
  const access = await loadNetworkAccess(ctx, uid, nid);
  if (!access.abilities.display) {
    throw new CallError(Code.noPermission, "Only the network's owner manages display keys.", null, {
      key: 'refusals.1013.displayAdmin',
    });
  }
  return access;
}

/**
 * The live network a display key opens, or 1012 (as for any unknown token) when the key is unknown,
 * revoked or its network is in the recycle bin.
 */
async function openDisplay(ctx: AppContext, key: string): Promise<{ display: DisplayRow; network: NetworkRow }> {
  const [row] = await ctx.db
    .select({ display: displayTokens, network: networks })
    .from(displayTokens)
    .innerJoin(networks, eq(networks.id, displayTokens.nid))
    .where(and(eq(displayTokens.keyHash, hashToken(key)), isNull(displayTokens.revokedAt)))
    .limit(1);
  if (!row || row.network.deletedAt !== null) {
    throw new CallError(Code.sessionInvalid, 'This display key was revoked or does not exist.', null, {
      key: 'refusals.1012.displayKey',
    });
  }
  const now = ctx.now();
  if (!row.display.lastUsedAt || now.getTime() - row.display.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await ctx.db.update(displayTokens).set({ lastUsedAt: now }).where(eq(displayTokens.id, row.display.id));
  }
  return row;
}

/**
 * The lobby dashboard (`/screen/index`) and its display keys: members open it with their session, a
 * display key opens one network's dashboard and live events and nothing else (`docs/decisions.md`,
 * "Lobby dashboard").
 */
export function screenRoutes(app: FastifyInstance): void {
  serveCall(app, 'displayTokenAdd', async ({ ctx, session, payload }) => {
    await loadAdminAccess(ctx, session.uid, payload.nid);
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
    const key = newDisplayKey();
    const [row] = await ctx.db
      .insert(displayTokens)
      .values({ nid: payload.nid, name: payload.name.trim(), keyHash: hashToken(key), createdBy: session.uid })
      .returning();
    const [me] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, session.uid));
    await recordAudit(ctx.db, {
      action: 'display.add',
      actorUid: session.uid,
      nid: payload.nid,
      after: { id: row!.id, name: row!.name },
    });
    return { ...presentDisplay(row!, me?.name ?? null), key };
  });

  serveCall(app, 'displayTokenList', async ({ ctx, session, payload }) => {
    await loadAdminAccess(ctx, session.uid, payload.nid);
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
    await loadAdminAccess(ctx, session.uid, row.nid);
    await ctx.db.update(displayTokens).set({ revokedAt: ctx.now() }).where(eq(displayTokens.id, row.id));
    await recordAudit(ctx.db, {
      action: 'display.revoke',
      actorUid: session.uid,
      nid: row.nid,
      before: { id: row.id, name: row.name },
    });
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
