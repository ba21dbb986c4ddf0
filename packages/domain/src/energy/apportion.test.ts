import { describe, expect, it } from 'vitest';
import { apportion } from './apportion.ts';
import { SAVING_CAUSES, type SavingShare, type SavingsRow, savingsByCause } from './savings.ts';

/** The split in bigint throughout, as it was first written: what the number arithmetic must give. */
function apportionInBigint(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const sign = total < 0 ? -1n : 1n;
  const whole = BigInt(Math.abs(total));
  const scaled = weights.map((weight) => BigInt(Math.round((weight / sum) * 1e9)));
  const scaledSum = scaled.reduce((a, b) => a + b, 0n);
  const parts = scaled.map((weight) => (whole * weight) / scaledSum);
  let left = whole - parts.reduce((a, b) => a + b, 0n);
  const order = scaled
    .map((weight, index) => ({ index, remainder: (whole * weight) % scaledSum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part * sign));
}

/** Savings by cause row by row with the bigint split, as first written. */
function savingsInBigint(rows: readonly SavingsRow[]) {
  const byCause: Record<SavingShare, number> = { occupancy: 0, daylight: 0, dimming: 0, manual: 0, unattributed: 0 };
  let baseline = 0;
  let actual = 0;
  for (const row of rows) {
    const rowBaseline = Math.round((row.ratedW * row.poweredSeconds) / 3.6);
    const saved = rowBaseline - row.actualMWh;
    baseline += rowBaseline;
    actual += row.actualMWh;
    const weights = SAVING_CAUSES.map((cause) => Math.max(0, row.attribution?.[cause] ?? 0));
    const attributed = weights.reduce((a, b) => a + b, 0);
    if (saved <= 0 || attributed === 0) {
      byCause.unattributed += saved;
      continue;
    }
    const parts = apportionInBigint(saved, [...weights, Math.max(0, 1 - attributed)]);
    SAVING_CAUSES.forEach((cause, index) => {
      byCause[cause] += parts[index] ?? 0;
    });
    byCause.unattributed += parts[SAVING_CAUSES.length] ?? 0;
  }
  return { baselineMWh: baseline, actualMWh: actual, savedMWh: baseline - actual, byCause };
}

/** A repeatable pseudo-random sequence in [0, 1) (mulberry32). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('apportion', () => {
  it('gives integer parts adding up to the total, ties to the earlier part', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(-10, [1, 1, 1])).toEqual([-4, -3, -3]);
    expect(apportion(7, [0, 0])).toEqual([0, 0]);
    expect(apportion(0, [2, 1])).toEqual([0, 0]);
    expect(() => apportion(1.5, [1])).toThrow(RangeError);
    expect(() => apportion(1, [1, -1])).toThrow(RangeError);
  });

  it('splits as the bigint arithmetic does, small totals and totals past exact number products alike', () => {
    const random = randomFrom(7);
    for (let round = 0; round < 20_000; round += 1) {
      const count = 1 + Math.floor(random() * (round % 10 === 0 ? 40 : 6));
      const weights = Array.from({ length: count }, () => {
        const kind = random();
        return kind < 0.2 ? 0 : kind < 0.4 ? Math.floor(random() * 4) : kind < 0.5 ? random() * 1e-6 : random() * 3;
      });
      const magnitude = [10, 1e4, 1e6, 1e8, 1e12, 2 ** 52][round % 6]!;
      const total = Math.floor((random() - 0.2) * magnitude);
      expect(apportion(total, weights)).toEqual(apportionInBigint(total, weights));
    }
  });
});

describe('savings by cause', () => {
  it('adds up to the mWh what the row-by-row bigint split gives, over a generated network-day and -month', () => {
    const random = randomFrom(11);
    const rows: SavingsRow[] = [];
    for (let index = 0; index < 30_000; index += 1) {
      const ratedW = [8, 12.5, 36, 40, 150][index % 5]! * (index % 97 === 0 ? 720 : index % 7 === 0 ? 24 : 1);
      const poweredSeconds = index % 11 === 0 ? Math.floor(random() * 3600) : 3600;
      const baseline = Math.round((ratedW * poweredSeconds) / 3.6);
      const actualMWh = Math.round(baseline * random() * (index % 13 === 0 ? 1.3 : 1));
      const on = random();
      const attribution =
        index % 17 === 0
          ? undefined
          : index % 3 === 0
            ? { occupancy: 1 - on, dimming: on }
            : index % 3 === 1
              ? { manual: 1 - on, dimming: on }
              : { daylight: random(), occupancy: random(), dimming: random() };
      rows.push({ ratedW, poweredSeconds, actualMWh, ...(attribution ? { attribution } : {}) });
    }
    expect(savingsByCause(rows)).toEqual(savingsInBigint(rows));
  });
});
