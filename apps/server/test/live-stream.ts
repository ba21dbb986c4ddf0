import { type LiveEvent, signParams } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { type Session, SIGNING_SECRET } from './helpers.ts';

/** Makes the app listen on a free port of 127.0.0.1 and answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** A live stream opened as a browser does, with the events received so far. */
export interface LiveStreamClient {
  response: Response;
  events: LiveEvent[];
  /** Settles when the stream's body ends: closed by the server, by the test, or at once for a refusal. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens the live stream of network `nid` over real HTTP (signed as the web client signs) and collects its
 * `data:` events; a refusal answers JSON instead, left unread in `response`.
 */
export function openLiveStream(baseUrl: string, session: Session, nid: number): Promise<LiveStreamClient> {
  const envelope = { nid, token: session.token, uid: session.uid, version: '1.0.0', platform: 3, bundle: 'southgate' };
  return openEventStream(`${baseUrl}/api/v1/live/stream`, { ...envelope, sign: signParams(envelope, SIGNING_SECRET) });
}

/** Opens a server-sent event stream with a JSON body and collects its `data:` events (see openLiveStream). */
export async function openEventStream(url: string, body: Record<string, unknown>): Promise<LiveStreamClient> {
  const controller = new AbortController();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  let ended = Promise.resolve();
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    ended = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += decoder.decode(value, { stream: true });
          const blocks = text.split('\n\n');
          text = blocks.pop()!;
          for (const line of blocks.flatMap((block) => block.split('\n'))) {
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
          }
        }
      } catch {
        // closed by the test or by the server
      }
    })();
  }
  return { response, events, ended, close: () => controller.abort() };
}
