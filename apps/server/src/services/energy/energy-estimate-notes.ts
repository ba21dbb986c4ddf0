import type { EnergyFigures } from '@lightwell/domain';
import type { DeviceHour } from './energy-hours.ts';

/* What a figure says of the estimate it holds: how many luminaires it filled, what light level it took, and the
 * rated powers it used. */

/** Luminaire-hours the estimate filled: rows of the estimate source with energy. */
const estimateRows = (hours: readonly DeviceHour[]) => hours.filter((row) => row.source === 'estimate' && row.wh > 0);

/** How many luminaires the estimate filled in the period (not every luminaire with a rated power). */
export function estimatedLuminaires(hours: readonly DeviceHour[]): number {
  return new Set(estimateRows(hours).map((row) => row.deviceId)).size;
}

/**
 * What the estimate took as the light level: how many estimated luminaires reported levels (weighed through
 * their dimming curves, power proportional to light output) and how many were on without one (100 %).
 */
export function levelAssumptions(hours: readonly DeviceHour[]): EnergyFigures['assumptions'] {
  const reported = new Set<number>();
  const assumed = new Set<number>();
  for (const row of estimateRows(hours)) {
    if (row.levelSeconds > 0) reported.add(row.deviceId);
    if (row.onSeconds > row.levelSeconds) assumed.add(row.deviceId);
  }
  return [
    ...(reported.size > 0
      ? [
          { key: 'reportedLevels', params: { count: reported.size } },
          { key: 'proportionalPower', params: {} },
        ]
      : []),
    ...(assumed.size > 0 ? [{ key: 'fullLevelAssumed', params: { count: assumed.size } }] : []),
  ];
}

/**
 * The rated powers the estimate used, W, ascending: an estimated row's baseline is its rated power over the
 * hours it reported (its own, its product's or the network's default), so each is read back from it.
 */
export function ratedPowersEstimated(hours: readonly DeviceHour[]): number[] {
  const watts = new Set<number>();
  for (const row of estimateRows(hours)) {
    if (row.reportedSeconds > 0 && row.baselineWh > 0) {
      watts.add(Math.round(((row.baselineWh * 3600) / row.reportedSeconds) * 100) / 100);
    }
  }
  return [...watts].sort((a, b) => a - b);
}
