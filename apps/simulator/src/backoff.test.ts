import { seededRandom } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { Backoff, backoffDelay } from './backoff.ts';

const CEILINGS = [500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000];

describe('reconnect backoff', () => {
  it('draws each delay between 0 and a ceiling doubling from 0.5 s to 30 s', () => {
    expect(CEILINGS.map((_, attempt) => backoffDelay(attempt, 500, 30_000, () => 0))).toEqual(CEILINGS.map(() => 0));
    expect(CEILINGS.map((_, attempt) => backoffDelay(attempt, 500, 30_000, () => 0.999_999))).toEqual(CEILINGS);
    expect(backoffDelay(3, 500, 30_000, () => 0.5)).toBe(2000);
  });

  it('gives the same sequence for the same seed, each delay under its ceiling', () => {
    const first = new Backoff({}, seededRandom(42));
    const second = new Backoff({}, seededRandom(42));
    const delays = CEILINGS.map(() => first.next(0));
    expect(CEILINGS.map(() => second.next(0))).toEqual(delays);
    const draws = seededRandom(42);
    expect(delays).toEqual(CEILINGS.map((ceiling) => Math.round(ceiling * draws())));
    for (const [attempt, delay] of delays.entries()) expect(delay).toBeLessThanOrEqual(CEILINGS[attempt]!);
    expect(new Backoff({}, seededRandom(43)).next(0)).not.toBe(delays[0]);
  });

  it('starts over only after a connection that lasted the stable time', () => {
    const backoff = new Backoff({ minMs: 500, maxMs: 30_000, stableMs: 30_000 }, () => 0.999_999);
    expect([backoff.next(0), backoff.next(0), backoff.next(0)]).toEqual([500, 1000, 2000]);
    backoff.connected(1000);
    expect(backoff.next(30_999)).toBe(4000);
    backoff.connected(40_000);
    expect(backoff.next(70_000)).toBe(500);
    expect(backoff.attempt).toBe(1);
  });

  it('spreads a thousand gateways that lost the broker together over the whole window', () => {
    const random = seededRandom(7);
    const delays = Array.from({ length: 1000 }, () => {
      const backoff = new Backoff({}, random);
      for (let failure = 0; failure < 9; failure += 1) backoff.next(0);
      return backoff.next(0);
    });
    const seconds = new Set(delays.map((delay) => Math.floor(delay / 1000)));
    expect(seconds.size).toBe(30);
    expect(delays.filter((delay) => delay < 15_000).length).toBeGreaterThan(400);
    expect(delays.filter((delay) => delay < 15_000).length).toBeLessThan(600);
  });
});
