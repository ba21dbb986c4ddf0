import { describe, expect, it } from 'vitest';
import { PlanColors, statusColor, zoneFill } from './colors';

describe('map colours', () => {
  it.each([
    [0, PlanColors.offline],
    [null, PlanColors.offline],
    [1, PlanColors.fault],
    [2, PlanColors.secondFault],
    [3, PlanColors.normal],
  ])('status %o is drawn %s', (status, color) => {
    expect(statusColor(status)).toBe(color);
  });

  it.each([
    ['#ff0000', 'rgba(255, 0, 0, 0.35)'],
    ['#0F0', 'rgba(0, 255, 0, 0.35)'],
    ['rgba(1, 2, 3, 0.8)', 'rgba(1, 2, 3, 0.8)'],
    ['#11223344', '#11223344'],
    ['', 'rgba(145, 202, 255, 0.35)'],
    [null, 'rgba(145, 202, 255, 0.35)'],
  ])('zone colour %o fills as %s', (color, fill) => {
    expect(zoneFill(color)).toBe(fill);
  });
});
