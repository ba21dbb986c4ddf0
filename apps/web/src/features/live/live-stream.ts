import { Code, type LiveEvent } from '@lightwell/domain';
import type { QueryClient } from '@tanstack/react-query';
import { openCallStream } from '../../api/client';
import { isApiError } from '../../api/errors';
import { applyLiveEvent, invalidateNetworkState, parseLiveEvent } from './apply-event';
import { readSseStream } from './sse';

/** State of a network's live stream: opening, open, or waiting to reconnect after a break. */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting';

/** Longest wait between reconnection attempts. */
const LIVE_MAX_BACKOFF_MS = 30_000;

/** Wait before reconnection attempt `attempt` (0-based): 1 s doubling up to 30 s, with up to 20 % jitter. */
export function liveBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LIVE_MAX_BACKOFF_MS, 1_000 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random()));
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A business refusal (no access, expired session) will not change by retrying. */
const isFinal = (error: unknown) => isApiError(error) && (error.code > 0 || error.code === Code.sessionInvalid);

interface Stream {
  users: number;
  status: LiveStatus;
  listeners: Set<() => void>;
  controller: AbortController;
}

const streams = new Map<string, Stream>();

/** How to follow one event stream: open it, handle each event, and reload after a reconnect. */
export interface FollowOptions {
  open: (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;
  onEvent: (event: LiveEvent) => void;
  /** Events sent while the stream was down are not replayed: reload what they would have changed. */
  onReopen: () => Promise<unknown>;
  setStatus: (status: LiveStatus) => void;
  signal: AbortSignal;
}

/**
 * Follows an event stream until `signal` aborts or the server refuses for good (no access, expired
 * session or display key): each break is followed by a reconnect after {@link liveBackoffMs}.
 */
export async function followLiveStream({ open, onEvent, onReopen, setStatus, signal }: FollowOptions): Promise<void> {
  let attempt = 0;
  let opened = false;
  while (!signal.aborted) {
    try {
      const body = await open(signal);
      if (opened) await onReopen();
      opened = true;
      attempt = 0;
      setStatus('open');
      await readSseStream(body, (data) => {
        const event = parseLiveEvent(data);
        if (event) onEvent(event);
      });
    } catch (error) {
      if (signal.aborted || isFinal(error)) return;
    }
    if (signal.aborted) return;
    setStatus('reconnecting');
    await sleep(liveBackoffMs(attempt), signal);
    attempt += 1;
  }
}

function run(stream: Stream, queryClient: QueryClient, uid: number | null, nid: number) {
  return followLiveStream({
    open: (signal) => openCallStream('liveStream', { nid }, signal),
    onEvent: (event) => applyLiveEvent(queryClient, uid, nid, event),
    onReopen: () => invalidateNetworkState(queryClient, uid, nid),
    setStatus: (status) => {
      stream.status = status;
      for (const listener of stream.listeners) listener();
    },
    signal: stream.controller.signal,
  });
}

/**
 * Joins the live stream of network `nid` for user `uid`, opening it when nobody else in the tab has:
 * one stream per network per tab, closed when the last user leaves. Answers the stream's status
 * reader and the function to leave.
 */
export function joinLiveStream(
  queryClient: QueryClient,
  uid: number | null,
  nid: number,
  onStatus: () => void,
): { status: () => LiveStatus; leave: () => void } {
  const key = `${uid}:${nid}`;
  let stream = streams.get(key);
  if (!stream) {
    const created: Stream = { users: 0, status: 'connecting', listeners: new Set(), controller: new AbortController() };
    streams.set(key, created);
    void run(created, queryClient, uid, nid);
    stream = created;
  }
  const joined = stream;
  joined.users += 1;
  joined.listeners.add(onStatus);
  return {
    status: () => joined.status,
    leave: () => {
      joined.listeners.delete(onStatus);
      joined.users -= 1;
      if (joined.users > 0) return;
      joined.controller.abort();
      streams.delete(key);
    },
  };
}
