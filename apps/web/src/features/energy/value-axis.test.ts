import { describe, expect, it } from 'vitest';
import { axisLabelFormatter, intervalDigits, niceInterval, valueAxisScale } from './value-axis';

const english = (value: number, digits: number) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
const ticks = (interval: number, count: number) =>
  Array.from({ length: count }, (_, i) => Number((i * interval).toFixed(6)));

describe('value axis labels', () => {
  it('gives each tick the decimals its interval needs', () => {
    expect([0.05, 0.25, 0.5, 0.3, 2, 30, 0.001].map(intervalDigits)).toEqual([2, 2, 1, 1, 0, 0, 3]);
    // Floating-point noise in a step does not ask for more decimals.
    expect(intervalDigits(0.1 + 0.2)).toBe(1);
  });

  it('labels ticks 0.05 apart without repeating: 0.00, 0.05, 0.10 …', () => {
    const labels = ticks(0.05, 6).map(axisLabelFormatter(0.05, english));
    expect(labels).toEqual(['0.00', '0.05', '0.10', '0.15', '0.20', '0.25']);
  });

  it('labels ticks 0.25 apart without repeating: 0.00, 0.25, 0.50 …', () => {
    const labels = ticks(0.25, 5).map(axisLabelFormatter(0.25, english));
    expect(labels).toEqual(['0.00', '0.25', '0.50', '0.75', '1.00']);
  });

  it('steps as ECharts does and tops the axis at a whole step', () => {
    expect([0.23, 0.9, 137, 0.0004].map((span) => niceInterval(span))).toEqual([0.05, 0.2, 30, 0.0001]);
    expect(valueAxisScale(0.23)).toEqual({ interval: 0.05, max: 0.25, digits: 2 });
    expect(valueAxisScale(0.9)).toEqual({ interval: 0.2, max: 1, digits: 1 });
    expect(valueAxisScale(137)).toEqual({ interval: 30, max: 150, digits: 0 });
    expect(valueAxisScale(0)).toEqual({ interval: 0.2, max: 1, digits: 1 });
  });
});
