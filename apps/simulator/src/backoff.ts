/** Reconnect backoff bounds and how long a connection must last before the backoff starts over. */
export interface BackoffOptions {
  /** First delay's ceiling (default 500 ms). */
  minMs?: number | undefined;
  /** Largest ceiling (default 30 s). */
  maxMs?: number | undefined;
  /** A connection that stayed up this long resets the backoff (default 30 s). */
  stableMs?: number | undefined;
}

/** Default reconnect bounds: 0.5 s doubling to 30 s, reset after 30 s connected. */
export const DEFAULT_BACKOFF = { minMs: 500, maxMs: 30_000, stableMs: 30_000 } as const;

/**
 * Reconnect delay after `attempt` failures (0 = first retry) with full jitter: a uniform draw between 0
 * and a ceiling that doubles from `minMs` up to `maxMs`, so gateways that lost the broker together come
 * back spread over the whole window instead of in waves.
 */
export function backoffDelay(
  attempt: number,
  minMs: number = DEFAULT_BACKOFF.minMs,
  maxMs: number = DEFAULT_BACKOFF.maxMs,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling * random());
}

/**
 * A gateway's reconnect schedule: each lost or refused connection takes the next delay of
 * `backoffDelay`; a connection that lasted `stableMs` starts the sequence over. Pure (the clock and the
 * random source are passed in), so tests can replay a sequence without waiting.
 */
export class Backoff {
  /** Failed attempts since the backoff last started over. */
  attempt = 0;
  private connectedAt: number | null = null;
  private readonly minMs: number;
  private readonly maxMs: number;
  private readonly stableMs: number;

  constructor(
    options: BackoffOptions = {},
    private readonly random: () => number = Math.random,
  ) {
    this.minMs = options.minMs ?? DEFAULT_BACKOFF.minMs;
    this.maxMs = options.maxMs ?? DEFAULT_BACKOFF.maxMs;
    this.stableMs = options.stableMs ?? DEFAULT_BACKOFF.stableMs;
  }

  /** The connection is up (from `now`, ms). */
  connected(now: number): void {
    this.connectedAt = now;
  }

  /** The connection closed or was refused at `now`: answers the delay before the next attempt. */
  next(now: number): number {
    if (this.connectedAt !== null && now - this.connectedAt >= this.stableMs) this.attempt = 0;
    this.connectedAt = null;
    const delay = backoffDelay(this.attempt, this.minMs, this.maxMs, this.random);
    this.attempt += 1;
    return delay;
  }

  /** Starts over (a wanted connect, not a retry). */
  reset(): void {
    this.attempt = 0;
    this.connectedAt = null;
  }
}
