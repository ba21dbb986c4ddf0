import { describe, expect, it } from 'vitest';
import { toMWh } from './energy-figures.ts';

describe('whole mWh of a sum of Wh', () => {
  it('rounds the same hours alike in whatever order they were added', () => {
    // Four hours of estimates, as a heat map's cells and the overview's device-hours add them up.
    const hours = [0.59565, 3.6993, 2.0502, 4.80635];
    const forwards = hours.reduce((sum, wh) => sum + wh, 0);
    const backwards = [...hours].reverse().reduce((sum, wh) => sum + wh, 0);
    // Floating-point noise lies on either side of the half mWh (11.1515 Wh).
    expect(forwards).not.toBe(backwards);
    expect(toMWh(forwards)).toBe(11_152);
    expect(toMWh(backwards)).toBe(11_152);
  });

  it('rounds half up and keeps a counter’s correction negative', () => {
    expect(toMWh(0.0025)).toBe(3);
    expect(toMWh(-0.0025)).toBe(-2);
    expect(toMWh(0)).toBe(0);
  });
});
