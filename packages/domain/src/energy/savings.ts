import { apportion } from './apportion.ts';

/** Known causes of a saving (notes §2, as Enlighted reports them): occupancy, daylight, dimming/scenes, manual. */
export const SAVING_CAUSES = ['occupancy', 'daylight', 'dimming', 'manual'] as const;
export type SavingCause = (typeof SAVING_CAUSES)[number];
/** A cause, or the part of a saving no cause was given for. */
export type SavingShare = SavingCause | 'unattributed';

/** One luminaire in one hour: rated power, seconds powered, energy used (mWh), and what caused the saving. */
export interface SavingsRow {
  ratedW: number;
  poweredSeconds: number;
  actualMWh: number;
  /** Fractions of the hour's saving per cause; the rest is unattributed, and more than 1 in all is scaled down. */
  attribution?: Partial<Record<SavingCause, number>>;
}

/** Baseline, actual and saved energy in mWh, the saving split by cause. */
export interface Savings {
  baselineMWh: number;
  actualMWh: number;
  savedMWh: number;
  byCause: Record<SavingShare, number>;
}

/** Baseline of one luminaire: rated power for every second it was powered, in whole mWh (1 mWh = 3.6 J). */
export function baselineMWh(ratedW: number, poweredSeconds: number): number {
  return Math.round((ratedW * poweredSeconds) / 3.6);
}

/**
 * Savings against a baseline of every luminaire at 100 % (rated power) for the same time it was powered:
 * saved = baseline − actual, split per hour by the attribution given (largest remainder, so the causes
 * add up to the saving). A negative saving (more used than rated) is left unattributed.
 */
export function savingsByCause(rows: readonly SavingsRow[]): Savings {
  const byCause: Record<SavingShare, number> = { occupancy: 0, daylight: 0, dimming: 0, manual: 0, unattributed: 0 };
  const causes = SAVING_CAUSES.length;
  // The causes' weights of a row, then the rest (unattributed): filled anew for each row.
  const weights: number[] = new Array(causes + 1).fill(0);
  let baseline = 0;
  let actual = 0;
  for (const row of rows) {
    const rowBaseline = baselineMWh(row.ratedW, row.poweredSeconds);
    const saved = rowBaseline - row.actualMWh;
    baseline += rowBaseline;
    actual += row.actualMWh;
    const given = row.attribution;
    let attributed = 0;
    for (let index = 0; index < causes; index += 1) {
      const weight = Math.max(0, given?.[SAVING_CAUSES[index]!] ?? 0);
      weights[index] = weight;
      attributed += weight;
    }
    if (saved <= 0 || attributed === 0) {
      byCause.unattributed += saved;
      continue;
    }
    weights[causes] = Math.max(0, 1 - attributed);
    const parts = apportion(saved, weights);
    for (let index = 0; index < causes; index += 1) byCause[SAVING_CAUSES[index]!] += parts[index]!;
    byCause.unattributed += parts[causes]!;
  }
  return { baselineMWh: baseline, actualMWh: actual, savedMWh: baseline - actual, byCause };
}
