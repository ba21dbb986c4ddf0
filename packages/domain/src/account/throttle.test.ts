import { describe, expect, it } from 'vitest';
import { lockRemainingSeconds, registerFailure, type ThrottleState } from './throttle.ts';

const policy = { allowed: 5, windowSeconds: 900, firstLockSeconds: 60, maxLockSeconds: 900 };

describe('sign-in throttling', () => {
  it('allows four failures, locks at the fifth for 60 s, doubling up to 15 minutes', () => {
    let state: ThrottleState | null = null;
    const t0 = 1_000_000;
    for (let i = 1; i <= 4; i += 1) {
      state = registerFailure(state, t0 + i, policy);
      expect(lockRemainingSeconds(state, t0 + i)).toBe(0);
    }
    const locks: number[] = [];
    for (let i = 5; i <= 10; i += 1) {
      state = registerFailure(state, t0 + i, policy);
      locks.push(lockRemainingSeconds(state, t0 + i));
    }
    expect(locks).toEqual([60, 120, 240, 480, 900, 900]);
  });

  it('ends the lock when its time is over', () => {
    const state = { failures: 5, windowStartedAt: 0, lockedUntil: 60_000 };
    expect(lockRemainingSeconds(state, 59_001)).toBe(1);
    expect(lockRemainingSeconds(state, 60_000)).toBe(0);
  });

  it('starts a new window after 15 minutes', () => {
    const state = { failures: 4, windowStartedAt: 0, lockedUntil: null };
    expect(registerFailure(state, 900_001, policy)).toEqual({
      failures: 1,
      windowStartedAt: 900_001,
      lockedUntil: null,
    });
    expect(registerFailure(state, 899_999, policy).failures).toBe(5);
  });
});
