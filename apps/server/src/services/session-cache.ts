import { performance } from 'node:perf_hooks';
import type { UserRow } from '../db/queries/users.ts';

/** A session as authentication reads it: its id, owner, last use and the owner's row. */
export interface CachedSession {
  id: number;
  uid: number;
  lastUsedAt: Date;
  user: UserRow;
}

interface Entry {
  session: CachedSession;
  /** When it was read, on the monotonic clock (ms): the cache's own age, not the app's clock. */
  readAt: number;
}

/** Entries kept at most; past it the oldest go first (each lives only `ttlMs` anyway). */
const MAX_ENTRIES = 10_000;

/**
 * Sessions with their user rows, kept in this process for a few seconds by token hash, so that the calls of
 * one browser do not read the same rows on every request (docs/decisions.md, Session cache). Whatever ends
 * a session or writes a user row forgets that user here and in every other process (`forgetUsers` in
 * services/forget-users.ts, over the broker); `ttlMs` bounds what a lost notice can leave stale.
 */
export class SessionCache {
  readonly #ttlMs: number;
  readonly #byToken = new Map<string, Entry>();
  readonly #byUser = new Map<number, Set<string>>();
  /** Counts forgets: a read begun before one is not kept (it may hold the rows from before the write). */
  #epoch = 0;

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs;
  }

  /** The epoch to hand back to `keep` with a session read now. */
  get epoch(): number {
    return this.#epoch;
  }

  /** The session of a token hash while it is fresh; undefined when unknown, stale or the cache is off. */
  get(tokenHash: string): CachedSession | undefined {
    const entry = this.#byToken.get(tokenHash);
    if (!entry) return undefined;
    if (performance.now() - entry.readAt < this.#ttlMs) return entry.session;
    this.#drop(tokenHash, entry.session.uid);
    return undefined;
  }

  /** Keeps a session read from the database, unless a user was forgotten since the read began (`epoch`). */
  keep(tokenHash: string, session: CachedSession, epoch: number): void {
    if (this.#ttlMs <= 0 || epoch !== this.#epoch) return;
    const now = performance.now();
    this.#drop(tokenHash, session.uid);
    this.#sweep(now);
    this.#byToken.set(tokenHash, { session, readAt: now });
    let tokens = this.#byUser.get(session.uid);
    if (!tokens) {
      tokens = new Set();
      this.#byUser.set(session.uid, tokens);
    }
    tokens.add(tokenHash);
  }

  /** Forgets one token's session (it ended or went idle here). */
  forgetToken(tokenHash: string): void {
    this.#epoch++;
    const entry = this.#byToken.get(tokenHash);
    if (entry) this.#drop(tokenHash, entry.session.uid);
  }

  /** Forgets every session of these users, or of everyone (`null`: notices may have been missed). */
  forget(uids: readonly number[] | null): void {
    this.#epoch++;
    if (uids === null) {
      this.#byToken.clear();
      this.#byUser.clear();
      return;
    }
    for (const uid of uids) {
      for (const tokenHash of this.#byUser.get(uid) ?? []) this.#byToken.delete(tokenHash);
      this.#byUser.delete(uid);
    }
  }

  #drop(tokenHash: string, uid: number): void {
    if (!this.#byToken.delete(tokenHash)) return;
    const tokens = this.#byUser.get(uid);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.#byUser.delete(uid);
  }

  /** Removes stale entries from the oldest end (the map keeps read order), and the oldest past the cap. */
  #sweep(now: number): void {
    for (const [tokenHash, entry] of this.#byToken) {
      if (now - entry.readAt < this.#ttlMs && this.#byToken.size < MAX_ENTRIES) return;
      this.#drop(tokenHash, entry.session.uid);
    }
  }
}
