import type { ServerResponse } from 'node:http';
import { calls } from '@lightwell/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, isSessionLive } from '../../http/auth.ts';
import { sendRefusal } from '../../http/refusal.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { onSessionEnd } from '../../services/session-ends.ts';

/** A comment line every 15 s keeps proxies from closing an idle stream and notices a lost member. */
export const LIVE_PING_MS = 15_000;

/** Streams open in this process, ended when the server closes. */
const openStreams = new WeakMap<FastifyInstance, Set<ServerResponse>>();

/**
 * The set of open streams of `app`, made (with the hook that ends them on close) the first time; every
 * route that calls `streamLiveEvents` calls this while it is registered, before the server starts.
 */
export function trackLiveStreams(app: FastifyInstance): Set<ServerResponse> {
  let open = openStreams.get(app);
  if (!open) {
    const created = new Set<ServerResponse>();
    open = created;
    openStreams.set(app, created);
    app.addHook('preClose', async () => {
      for (const response of created) response.end();
      created.clear();
    });
  }
  return open;
}

/**
 * Answers a request with the live events of network `nid` as server-sent events: one `data: <LiveEvent
 * JSON>` per event and a ping comment every 15 s. Before each ping `stillAllowed` is asked again; the
 * stream ends when it fails (membership lost, display key revoked), when the client goes, or when the
 * server closes. Shared by the members' stream and the lobby dashboard's.
 */
export function streamLiveEvents(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  nid: number,
  stillAllowed: () => Promise<unknown>,
): void {
  const open = trackLiveStreams(app);
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.socket?.setNoDelay(true);
  raw.write('retry: 3000\n: connected\n\n');
  open.add(raw);
  const unsubscribe = app.ctx.live.subscribe(nid, (event) => {
    raw.write(`data: ${JSON.stringify(event)}\n\n`);
  });
  const ping = setInterval(() => {
    stillAllowed().then(
      () => raw.write(': ping\n\n'),
      () => raw.end(),
    );
  }, LIVE_PING_MS);
  const stop = () => {
    clearInterval(ping);
    unsubscribe();
    open.delete(raw);
  };
  raw.on('close', stop);
  request.raw.on('close', () => {
    if (!raw.writableEnded) raw.end();
  });
}

/**
 * `liveStream`: live updates of one network as server-sent events. The envelope is checked as for every
 * call and network access first (1013 as JSON when there is none); then the answer is
 * `text/event-stream` (see `streamLiveEvents`). The stream ends when the caller's session ends (logout,
 * password change or reset: at once in this process, by the next ping's check in another; expiry), when the
 * caller loses access to the network, when the client goes, or when the server closes.
 */
export function liveRoutes(app: FastifyInstance): void {
  const call = calls.liveStream;
  trackLiveStreams(app);
  app.route({
    method: 'POST',
    url: call.path,
    schema: { body: call.body, tags: [call.tag], summary: call.summary, operationId: 'liveStream' },
    // Events must leave as they happen: never through a compressor, which would hold them back.
    compress: false,
    preValidation: (request, reply) => authenticate(app.ctx, request, reply),
    handler: async (request, reply) => {
      const { ctx } = app;
      const uid = request.session!.uid;
      const { nid } = request.body as { nid: number };
      try {
        await loadNetworkAccess(ctx, uid, nid);
      } catch (error) {
        if (error instanceof CallError) return sendRefusal(ctx, request, reply, error);
        throw error;
      }
      const { sessionId } = request.session!;
      streamLiveEvents(app, request, reply, nid, async () => {
        if (!(await isSessionLive(ctx, sessionId))) throw new Error('session ended');
        await loadNetworkAccess(ctx, uid, nid);
      });
      // Logout or a password change in this process ends the stream at once; elsewhere, the next ping's check.
      const forget = onSessionEnd(ctx, sessionId, () => reply.raw.end());
      reply.raw.on('close', forget);
    },
  });
}
