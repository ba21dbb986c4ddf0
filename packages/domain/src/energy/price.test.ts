import { describe, expect, it } from 'vitest';
import { formatPrice, priceToStored, storedToPrice } from './price.ts';

describe('electricity price in hundredths (sections 3, 9)', () => {
  it.each([
    [0.25, 25],
    [2.35, 235],
    [0.255, 26],
    [12, 1200],
    [0, 0],
  ])('%f is stored as %i', (price, stored) => {
    expect(priceToStored(price)).toBe(stored);
  });

  it('shows two decimals', () => {
    expect(formatPrice(235)).toBe('2.35');
    expect(formatPrice(1200)).toBe('12.00');
    expect(formatPrice(5)).toBe('0.05');
    expect(storedToPrice(26)).toBe(0.26);
  });
});
