import type { AppContext } from '../context.ts';

/** What this process does when a session ends, by session id (open live streams of that session). */
const endings = new WeakMap<AppContext, Map<number, Set<() => void>>>();

/**
 * Runs `end` when session `sessionId` is ended in this process (logout, password change or reset);
 * answers a function that forgets it. Sessions ended by another process, or expired, are noticed by the
 * holder's own periodic check (the live stream asks the database before each ping).
 */
export function onSessionEnd(ctx: AppContext, sessionId: number, end: () => void): () => void {
  let bySession = endings.get(ctx);
  if (!bySession) {
    bySession = new Map();
    endings.set(ctx, bySession);
  }
  const map = bySession;
  let set = map.get(sessionId);
  if (!set) {
    set = new Set();
    map.set(sessionId, set);
  }
  const ends = set;
  ends.add(end);
  return () => {
    ends.delete(end);
    if (ends.size === 0) map.delete(sessionId);
  };
}

/** Tells this process that the sessions are gone: whatever was kept open for them ends now. */
export function endSessions(ctx: AppContext, sessionIds: readonly number[]): void {
  const map = endings.get(ctx);
  if (!map) return;
  for (const id of sessionIds) {
    const ends = map.get(id);
    map.delete(id);
    for (const end of ends ?? []) end();
  }
}
