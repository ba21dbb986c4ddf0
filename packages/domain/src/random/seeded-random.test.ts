import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.ts';

describe('seededRandom', () => {
  it('draws the same sequence for the same seed, another for another, all in [0, 1)', () => {
    const draw = (seed: number) => {
      const next = seededRandom(seed);
      return Array.from({ length: 1000 }, () => next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(43)).not.toEqual(draw(42));
    expect(draw(42).every((value) => value >= 0 && value < 1)).toBe(true);
    // Spread over the range: each tenth gets a share near a tenth of 1,000 draws.
    const tenths = Array.from({ length: 10 }, (_, i) => draw(7).filter((v) => Math.floor(v * 10) === i).length);
    expect(Math.min(...tenths)).toBeGreaterThan(60);
  });
});
