/**
 * Shared timers, so a thousand gateways do not each hold their own intervals: a fast tick (fades) that
 * runs only while someone is fading, and a slow once-a-second tick (accruing consumption, periodic
 * reports, sensors). Both are unref'd: they never keep a process alive on their own.
 */
export class Ticker {
  private readonly fast = new Set<(now: number) => boolean>();
  private readonly slow = new Set<(now: number) => void>();
  private fastTimer: NodeJS.Timeout | null = null;
  private slowTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly fastMs = 200,
    readonly slowMs = 1000,
  ) {}

  /** Calls `step` every fast tick until it answers false. */
  whileBusy(step: (now: number) => boolean): void {
    this.fast.add(step);
    if (this.fastTimer) return;
    this.fastTimer = setInterval(() => {
      const now = Date.now();
      for (const candidate of this.fast) if (!candidate(now)) this.fast.delete(candidate);
      if (this.fast.size === 0 && this.fastTimer) {
        clearInterval(this.fastTimer);
        this.fastTimer = null;
      }
    }, this.fastMs);
    this.fastTimer.unref();
  }

  /** Calls `step` every slow tick; answers the function that stops it. */
  every(step: (now: number) => void): () => void {
    this.slow.add(step);
    if (!this.slowTimer) {
      this.slowTimer = setInterval(() => {
        const now = Date.now();
        for (const candidate of this.slow) candidate(now);
      }, this.slowMs);
      this.slowTimer.unref();
    }
    return () => {
      this.slow.delete(step);
      if (this.slow.size === 0 && this.slowTimer) {
        clearInterval(this.slowTimer);
        this.slowTimer = null;
      }
    };
  }
}

/** The ticker gateways share unless given their own. */
export const sharedTicker = new Ticker();
