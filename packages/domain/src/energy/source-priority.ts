import { apportion } from './apportion.ts';

/** Energy sources in priority order (section 1): smart meter, then D4i driver data, then the estimate. */
export const ENERGY_SOURCES = ['meter', 'd4i', 'estimate'] as const;
export type EnergySource = (typeof ENERGY_SOURCES)[number];

/** What each source says one device used in one period, in mWh; null or missing where it has no data. */
export type SourceCandidates = { key: string } & Partial<Record<EnergySource, number | null>>;

/** The value a device's period is counted with, and its source. */
export interface ChosenEnergy {
  key: string;
  source: EnergySource;
  mWh: number;
}

/** Totals over devices and periods with each source's part; shares in basis points adding up to 10,000. */
export interface SourceTotals {
  totalMWh: number;
  bySource: Record<EnergySource, number>;
  shareBasisPoints: Record<EnergySource, number>;
  chosen: ChosenEnergy[];
  /** Keys no source had data for. */
  missing: string[];
}

/** The first source with data, in the order meter > d4i > estimate (section 1), or null. */
export function chooseSource(candidates: SourceCandidates): ChosenEnergy | null {
  for (const source of ENERGY_SOURCES) {
    const mWh = candidates[source];
    if (mWh !== undefined && mWh !== null) return { key: candidates.key, source, mWh };
  }
  return null;
}

/**
 * Chooses a source per device and period and adds them up, with each source's total and share (notes §2:
 * tag each kWh meter/d4i/estimate and show each source's share).
 */
export function sourceTotals(rows: readonly SourceCandidates[]): SourceTotals {
  const bySource: Record<EnergySource, number> = { meter: 0, d4i: 0, estimate: 0 };
  const chosen: ChosenEnergy[] = [];
  const missing: string[] = [];
  for (const row of rows) {
    const pick = chooseSource(row);
    if (!pick) {
      missing.push(row.key);
      continue;
    }
    chosen.push(pick);
    bySource[pick.source] += pick.mWh;
  }
  const totalMWh = bySource.meter + bySource.d4i + bySource.estimate;
  const [meter = 0, d4i = 0, estimate = 0] =
    totalMWh > 0
      ? apportion(
          10_000,
          ENERGY_SOURCES.map((s) => bySource[s]),
        )
      : [];
  return { totalMWh, bySource, shareBasisPoints: { meter, d4i, estimate }, chosen, missing };
}
