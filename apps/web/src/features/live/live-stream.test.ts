import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { controlKeys } from '../../api/control';
import { useSession } from '../../stores/session';
import { joinLiveStream } from './live-stream';

const uid = 7;
const nid = 3;
const config = { appVersion: '1', apiVersion: '1', signingKey: 'k', demo: false };
const element = (onOff: number) => ({ index: 0, type: 1, onOff, lightness: 50, cct: null, status: 0 });

/** A fetch that answers the app config and, for the live stream, an open event stream the test writes to. */
function fakeServer() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const bodies: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    if (path === '/api/v1/app/config') return Response.json({ code: 0, data: config });
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  const send = (event: unknown) =>
    streams.at(-1)?.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`));
  return { fetch, streams, bodies, send };
}

describe('live stream of a network', () => {
  afterEach(() => useSession.setState({ token: null, uid: null }));

  it('opens one signed stream per network per tab, applies its events and closes with the last user', async () => {
    useSession.setState({ token: 'tok', uid });
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    const client = new QueryClient();
    client.setQueryData(controlKeys.deviceState(uid, nid), {
      devices: [{ id: 1, nodeIds: [5], online: true, elements: [element(1)] }],
    });
    const first = joinLiveStream(client, uid, nid, () => undefined);
    const second = joinLiveStream(client, uid, nid, () => undefined);
    await vi.waitFor(() => expect(first.status()).toBe('open'));
    expect(server.bodies).toHaveLength(1);
    expect(server.bodies[0]).toMatchObject({ nid, uid, token: 'tok' });
    expect(server.bodies[0]?.sign).toEqual(expect.any(String));

    server.send({ type: 'devices', nid, devices: [{ id: 1, online: true, elements: [element(0)] }] });
    await vi.waitFor(() =>
      expect(client.getQueryData(controlKeys.deviceState(uid, nid))).toEqual({
        devices: [{ id: 1, nodeIds: [5], online: true, elements: [element(0)] }],
      }),
    );

    first.leave();
    const signal = server.fetch.mock.calls.at(-1)?.[1]?.signal as AbortSignal;
    expect(signal.aborted).toBe(false);
    second.leave();
    expect(signal.aborted).toBe(true);
  });

  it('reconnects after the stream ends and reloads what it may have missed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      useSession.setState({ token: 'tok', uid });
      const server = fakeServer();
      vi.stubGlobal('fetch', server.fetch);
      const client = new QueryClient();
      client.setQueryData(controlKeys.deviceState(uid, nid), { devices: [] });
      const statuses: string[] = [];
      const joined = joinLiveStream(client, uid, nid, () => statuses.push(joined.status()));
      await vi.waitFor(() => expect(joined.status()).toBe('open'));
      server.streams[0]?.close();
      await vi.waitFor(() => expect(joined.status()).toBe('reconnecting'));
      await vi.advanceTimersByTimeAsync(1_500);
      await vi.waitFor(() => expect(joined.status()).toBe('open'));
      expect(server.bodies).toHaveLength(2);
      expect(client.getQueryState(controlKeys.deviceState(uid, nid))?.isInvalidated).toBe(true);
      expect(statuses).toEqual(['open', 'reconnecting', 'open']);
      joined.leave();
    } finally {
      vi.useRealTimers();
    }
  });
});
