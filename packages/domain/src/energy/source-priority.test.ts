import { describe, expect, it } from 'vitest';
import { chooseSource, sourceTotals } from './source-priority.ts';

describe('energy source priority: meter > D4i > estimate (section 1)', () => {
  it.each([
    [{ key: 'a', meter: 100, d4i: 90, estimate: 120 }, 'meter', 100],
    [{ key: 'a', meter: null, d4i: 90, estimate: 120 }, 'd4i', 90],
    [{ key: 'a', d4i: null, estimate: 120 }, 'estimate', 120],
    [{ key: 'a', meter: 0, estimate: 120 }, 'meter', 0],
  ])('%o → %s', (candidates, source, mWh) => {
    expect(chooseSource(candidates)).toEqual({ key: 'a', source, mWh });
  });

  it('has no value when no source has data', () => {
    expect(chooseSource({ key: 'a', meter: null })).toBeNull();
  });

  it('adds devices up with each source total and share', () => {
    const totals = sourceTotals([
      { key: 'meter-1', meter: 50_000, estimate: 60_000 },
      { key: 'd4i-1', d4i: 30_000, estimate: 35_000 },
      { key: 'd4i-2', d4i: 10_000 },
      { key: 'old', estimate: 10_000 },
      { key: 'unknown' },
    ]);
    expect(totals.totalMWh).toBe(100_000);
    expect(totals.bySource).toEqual({ meter: 50_000, d4i: 40_000, estimate: 10_000 });
    expect(totals.shareBasisPoints).toEqual({ meter: 5000, d4i: 4000, estimate: 1000 });
    expect(totals.missing).toEqual(['unknown']);
  });

  it('gives shares that add up to 10,000 basis points', () => {
    const totals = sourceTotals([
      { key: 'a', meter: 1 },
      { key: 'b', d4i: 1 },
      { key: 'c', estimate: 1 },
    ]);
    expect(totals.shareBasisPoints).toEqual({ meter: 3334, d4i: 3333, estimate: 3333 });
  });

  it('has zero shares when nothing was used', () => {
    expect(sourceTotals([]).shareBasisPoints).toEqual({ meter: 0, d4i: 0, estimate: 0 });
  });
});
