import { ENERGY_SPANS } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { changePercent, kwhDigits } from './format';
import { HEAT_COLORS, heatColor } from './heat-colors';
import { PERIOD_SPANS } from './spans';
import { cellsInColumns, weekColumns } from './week-columns';

describe('energy page rules', () => {
  it('offers exactly the periods of the contract, in its order', () => {
    expect([...PERIOD_SPANS]).toEqual([...ENERGY_SPANS]);
  });

  it('orders the 168 hours of the week from the first day of the week', () => {
    const monday = weekColumns(1);
    expect(monday).toHaveLength(168);
    expect(monday.map((column) => column.cell)).toEqual(Array.from({ length: 168 }, (_, i) => i));
    const sunday = weekColumns(7);
    expect(sunday[0]).toEqual({ cell: 144, weekday: 7, hour: 0 });
    expect(sunday[24]).toEqual({ cell: 0, weekday: 1, hour: 0 });
    expect(new Set(sunday.map((column) => column.cell)).size).toBe(168);
    const cells = Array.from({ length: 168 }, (_, i) => i);
    expect(cellsInColumns(cells, weekColumns(6)).slice(0, 2)).toEqual([120, 121]);
  });

  it('gives kWh sensible decimals and compares periods', () => {
    expect([0, 0.045, 1.5, 12.3, 450].map(kwhDigits)).toEqual([0, 3, 2, 1, 0]);
    expect(changePercent(110, 100)).toBeCloseTo(10);
    expect(changePercent(5, 0)).toBeNull();
  });

  it('colours the lowest and highest values with the ends of the scale', () => {
    expect(heatColor(0, 10)).toBe(HEAT_COLORS[0]);
    expect(heatColor(10, 10)).toBe(HEAT_COLORS[HEAT_COLORS.length - 1]);
    expect(heatColor(3, 0)).toBe(HEAT_COLORS[0]);
  });
});
