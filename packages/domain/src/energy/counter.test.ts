import { describe, expect, it } from 'vitest';
import { type CounterReading, counterIntervals, counterToMilliwattHours } from './counter.ts';
import { toHourlyBuckets } from './hourly.ts';

const t0 = Date.parse('2024-01-01T10:00:00Z') / 1000;
const QUARTER = 900;
const reading = (
  minutes: number,
  raw: number | bigint | string,
  more: Partial<CounterReading> = {},
): CounterReading => ({
  at: t0 + minutes * 60,
  raw,
  scale: 0,
  driverSerial: 'A1',
  source: 'd4i',
  ...more,
});

describe('counter values in milliwatt-hours', () => {
  it.each([
    [1234n, 0, 1_234_000n],
    [1234n, -3, 1234n],
    [1234n, 3, 1_234_000_000n],
    [1_234_567n, -6, 1234n],
    ['281474976710653', 0, 281_474_976_710_653_000n],
    [5n, 6, 5_000_000_000n],
  ])('%s × 10^%i Wh = %s mWh', (raw, scale, mWh) => {
    expect(counterToMilliwattHours(raw, scale)).toBe(mWh);
  });
});

describe('counter segments and interval energy (notes §1, acceptance check 2)', () => {
  const options = { ratedW: 100, gapSeconds: 2 * QUARTER };

  it("counts a 5,000 kWh-lifetime driver's first reading as 0 and then its deltas", () => {
    const result = counterIntervals([reading(0, 5_000_000), reading(15, 5_000_025), reading(30, 5_000_050)], options);
    expect(result.segments).toEqual([
      { index: 0, startedAt: t0, startedBy: 'first', driverSerial: 'A1', scale: 0, resetCounted: false },
    ]);
    expect(result.intervals.map((i) => i.mWh)).toEqual([25_000, 25_000]);
    expect(result.totalMWh).toBe(50_000);
  });

  // Cap for 15 minutes at 100 W: 100 × 900 × 1.2 / 3.6 = 30,000 mWh (30 Wh).
  it.each([
    ['at the cap', 30, [30_000], []],
    ['above the cap', 31, [], [31_000]],
  ])('a delta %s: counted %o, quarantined %o', (_name, wh, counted, quarantined) => {
    const result = counterIntervals([reading(0, 1000), reading(15, 1000 + wh)], options);
    expect(result.intervals.map((i) => i.mWh)).toEqual(counted);
    expect(result.quarantined.map((i) => i.mWh)).toEqual(quarantined);
    expect(result.quarantined.every((i) => i.flags.includes('quarantined'))).toBe(true);
  });

  it('keeps counting from a quarantined reading, without a spike', () => {
    const result = counterIntervals([reading(0, 1000), reading(15, 1040), reading(30, 1050)], options);
    expect(result.quarantined).toMatchObject([{ mWh: 40_000, from: t0, to: t0 + QUARTER }]);
    expect(result.intervals).toMatchObject([{ mWh: 10_000, from: t0 + QUARTER }]);
    expect(result.totalMWh).toBe(10_000);
  });

  it.each([
    ['a counter reset below the cap counts its post-reset value', reading(15, 12), 'decrease', true, [12_000]],
    ['a counter reset above the cap re-baselines', reading(15, 45), 'decrease', false, []],
    [
      'a swapped driver (new serial) with a lifetime total re-baselines',
      reading(15, 5_000_000, { driverSerial: 'B2' }),
      'serial',
      false,
      [],
    ],
    ['a new serial reading near zero counts', reading(15, 3, { driverSerial: 'B2' }), 'serial', true, [3_000]],
    ['a new scale re-baselines', reading(15, 5_000_010_000, { scale: -3 }), 'scale', false, []],
  ] as const)('%s', (_name, next, startedBy, counted, mWh) => {
    const result = counterIntervals([reading(0, 5_000_000), next], options);
    expect(result.segments[1]).toMatchObject({ index: 1, startedBy, resetCounted: counted });
    expect(result.intervals.map((i) => i.mWh)).toEqual(mWh);
    expect(result.intervals.every((i) => i.flags.includes('reset') && i.segment === 1)).toBe(true);
    expect(result.quarantined).toEqual([]);
  });

  it('continues the new segment after a driver swap', () => {
    const readings = [
      reading(0, 5_000_000),
      reading(15, 9_000_000, { driverSerial: 'B2' }),
      reading(30, 9_000_020, { driverSerial: 'B2' }),
    ];
    const result = counterIntervals(readings, options);
    expect(result.intervals).toMatchObject([{ mWh: 20_000, segment: 1, flags: [] }]);
  });

  it('re-baselines every reset when the rated power is unknown, and quarantines nothing', () => {
    const result = counterIntervals([reading(0, 100), reading(15, 900), reading(30, 5)], { ratedW: null });
    expect(result.intervals.map((i) => i.mWh)).toEqual([800_000]);
    expect(result.segments.map((s) => s.startedBy)).toEqual(['first', 'decrease']);
  });

  it('quarantines a jump past the safe integer range even without a rated power', () => {
    const result = counterIntervals([reading(0, 1), reading(15, '281474976710653', { scale: 3 })], { ratedW: null });
    expect(result.intervals).toEqual([]);
    expect(result.segments.map((s) => s.startedBy)).toEqual(['first', 'scale']);
    const jump = counterIntervals([reading(0, 1, { scale: 3 }), reading(15, '281474976710653', { scale: 3 })], {
      ratedW: null,
    });
    expect(jump.quarantined).toHaveLength(1);
    expect(jump.totalMWh).toBe(0);
  });

  it('ignores a reading not later than the one before', () => {
    const result = counterIntervals([reading(0, 100), reading(15, 110), reading(15, 111), reading(10, 90)], options);
    expect(result.ignored).toHaveLength(2);
    expect(result.totalMWh).toBe(10_000);
  });

  it('subtracts whole-mWh counter values, so sub-mWh scales add up exactly', () => {
    const micro = { scale: -6 };
    const readings = [reading(0, 1_000_400, micro), reading(15, 1_001_300, micro), reading(30, 1_002_200, micro)];
    const result = counterIntervals(readings, options);
    expect(result.intervals.map((i) => i.mWh)).toEqual([1, 1]);
    expect(result.totalMWh).toBe(2);
  });

  it('reads raw values beyond 2^53 exactly', () => {
    const big = (wh: bigint) => (wh * 1000n).toString();
    const base = 9_007_199_254_740n;
    const result = counterIntervals(
      [reading(0, big(base), { scale: -3 }), reading(15, big(base + 7n), { scale: -3 })],
      options,
    );
    expect(result.totalMWh).toBe(7_000);
  });
});

describe('gaps are spread over their hours (acceptance check 3)', () => {
  it('spreads 3 days offline over 72 hours; the gap total equals the counter delta', () => {
    const result = counterIntervals([reading(0, 1000), reading(3 * 24 * 60, 8200)], { ratedW: 100, gapSeconds: 1800 });
    expect(result.intervals).toMatchObject([{ mWh: 7_200_000, flags: ['spread'] }]);
    const hours = toHourlyBuckets(result.intervals);
    expect(hours).toHaveLength(72);
    expect(hours.every((h) => h.mWh === 100_000 && h.flags.includes('spread'))).toBe(true);
    expect(hours[0]?.hour).toBe(t0);
  });

  it('splits by seconds in each hour in whole mWh that add up to the interval', () => {
    // 10:20 → 13:10: 2,400 s, 3,600 s, 3,600 s, 600 s of 10,200 s.
    const hours = toHourlyBuckets([{ from: t0 + 1200, to: t0 + 3 * 3600 + 600, mWh: 1000 }]);
    expect(hours.map((h) => h.mWh)).toEqual([235, 353, 353, 59]);
    expect(hours.map((h) => h.hour - t0)).toEqual([0, 3600, 7200, 10800]);
  });

  it('adds intervals that share an hour', () => {
    const hours = toHourlyBuckets([
      { from: t0, to: t0 + QUARTER, mWh: 10 },
      { from: t0 + QUARTER, to: t0 + 2 * QUARTER, mWh: 15, flags: ['reset'] },
      { from: t0 + 3300, to: t0 + 3900, mWh: 20 },
    ]);
    expect(hours).toEqual([
      { hour: t0, mWh: 35, flags: ['reset'] },
      { hour: t0 + 3600, mWh: 10, flags: [] },
    ]);
  });
});
