/** Failure counter of one throttled key (an account or a client address). */
export interface ThrottleState {
  failures: number;
  /** Epoch ms when the current window began. */
  windowStartedAt: number;
  /** Epoch ms until which attempts are refused, or null. */
  lockedUntil: number | null;
}

/** Limits of one throttle. */
export interface ThrottlePolicy {
  /** Failures allowed within the window before locking. */
  allowed: number;
  windowSeconds: number;
  /** First lock; each further failure doubles it up to `maxLockSeconds`. */
  firstLockSeconds: number;
  maxLockSeconds: number;
}

/** Seconds an attempt must still wait, 0 when it may go ahead. */
export function lockRemainingSeconds(state: ThrottleState | null, now: number): number {
  if (!state?.lockedUntil || state.lockedUntil <= now) return 0;
  return Math.ceil((state.lockedUntil - now) / 1000);
}

/**
 * Counts one failure. Within the window the count grows; at `allowed` failures the key is locked for
 * `firstLockSeconds`, doubling with each further failure but never beyond `maxLockSeconds`, so the real
 * owner is never shut out for long. A window that has run out starts afresh.
 */
export function registerFailure(state: ThrottleState | null, now: number, policy: ThrottlePolicy): ThrottleState {
  const fresh = !state || now - state.windowStartedAt > policy.windowSeconds * 1000;
  const failures = fresh ? 1 : state.failures + 1;
  const windowStartedAt = fresh ? now : state.windowStartedAt;
  if (failures < policy.allowed) return { failures, windowStartedAt, lockedUntil: null };
  const lockSeconds = Math.min(policy.firstLockSeconds * 2 ** (failures - policy.allowed), policy.maxLockSeconds);
  return { failures, windowStartedAt, lockedUntil: now + lockSeconds * 1000 };
}
