import { describe, expect, it } from 'vitest';
import { scaledToDecimal } from './raw-value.ts';

describe('a scaled reading as exact decimal text (raw × 10^scale)', () => {
  it.each([
    [123456n, -3, '123.456'],
    [1500n, 0, '1500'],
    [7n, 2, '700'],
    [5n, -6, '0.000005'],
    [123n, -2, '1.23'],
    [100n, -2, '1'],
    [1050n, -2, '10.5'],
    [0n, -3, '0'],
    [0n, 3, '0'],
    [-125n, -2, '-1.25'],
  ])('%s × 10^%i → %s', (raw, scale, text) => {
    expect(scaledToDecimal(raw, scale)).toBe(text);
  });
});
