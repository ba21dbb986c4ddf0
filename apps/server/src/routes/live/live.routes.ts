import type { ServerResponse } from 'node:http';
import { calls } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { CallError } from '../../lib/call-error.ts';
import { sendRefusal } from '../../lib/refusal.ts';
import { authenticate } from '../../plugins/auth.ts';
import { loadNetworkAccess } from '../../policies/access.ts';

/** A comment line every 15 s keeps proxies from closing an idle stream and notices a lost member. */
export const LIVE_PING_MS = 15_000;

/**
 * `liveStream`: live updates of one network as server-sent events. The envelope is checked as for every
 * call and network access first (1013 as JSON when there is none); then the answer is
 * `text/event-stream` with one `data: <LiveEvent JSON>` per event and a ping comment every 15 s. The
 * stream ends when the caller loses access to the network, when the client goes, or when the server closes.
 */
export function liveRoutes(app: FastifyInstance): void {
  const call = calls.liveStream;
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
    open.clear();
  });

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
      const unsubscribe = ctx.live.subscribe(nid, (event) => {
        raw.write(`data: ${JSON.stringify(event)}\n\n`);
      });
      const ping = setInterval(() => {
        loadNetworkAccess(ctx, uid, nid).then(
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
    },
  });
}
