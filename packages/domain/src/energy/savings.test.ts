import { describe, expect, it } from 'vitest';
import { baselineMWh, savingsByCause } from './savings.ts';

const HOUR = 3600;
const none = { occupancy: 0, daylight: 0, dimming: 0, manual: 0, unattributed: 0 };

describe('baseline: rated power for the time powered', () => {
  it.each([
    [100, HOUR, 100_000],
    [40, 30 * 60, 20_000],
    [13.5, 100, 375],
    [100, 0, 0],
  ])('%f W for %i s is %i mWh', (watts, seconds, mWh) => {
    expect(baselineMWh(watts, seconds)).toBe(mWh);
  });
});

describe('savings = baseline − actual, split by cause', () => {
  it.each([
    [
      'half daylight, a quarter occupancy, the rest unknown',
      { ratedW: 100, poweredSeconds: HOUR, actualMWh: 40_000, attribution: { daylight: 0.5, occupancy: 0.25 } },
      { ...none, daylight: 30_000, occupancy: 15_000, unattributed: 15_000 },
    ],
    [
      'weights above 1 in all are scaled down',
      { ratedW: 100, poweredSeconds: HOUR, actualMWh: 40_000, attribution: { occupancy: 2, dimming: 2 } },
      { ...none, occupancy: 30_000, dimming: 30_000 },
    ],
    ['no attribution', { ratedW: 100, poweredSeconds: HOUR, actualMWh: 40_000 }, { ...none, unattributed: 60_000 }],
    [
      'more used than rated',
      { ratedW: 10, poweredSeconds: HOUR, actualMWh: 12_000, attribution: { manual: 1 } },
      { ...none, unattributed: -2_000 },
    ],
    [
      'a third each, in whole mWh',
      { ratedW: 10, poweredSeconds: HOUR, actualMWh: 0, attribution: { occupancy: 1, daylight: 1, manual: 1 } },
      { ...none, occupancy: 3_334, daylight: 3_333, manual: 3_333 },
    ],
  ])('%s', (_name, row, byCause) => {
    const result = savingsByCause([row]);
    expect(result.byCause).toEqual(byCause);
    expect(Object.values(result.byCause).reduce((a, b) => a + b, 0)).toBe(result.savedMWh);
  });

  it('adds luminaires and hours; hours without power have no baseline', () => {
    const result = savingsByCause([
      { ratedW: 50, poweredSeconds: HOUR, actualMWh: 50_000 },
      { ratedW: 50, poweredSeconds: HOUR, actualMWh: 10_000, attribution: { occupancy: 1 } },
      { ratedW: 50, poweredSeconds: 0, actualMWh: 0 },
    ]);
    expect(result).toEqual({
      baselineMWh: 100_000,
      actualMWh: 60_000,
      savedMWh: 40_000,
      byCause: { ...none, occupancy: 40_000 },
    });
  });
});
