/*
 * The energy of an interval from two readings of a cumulative counter (energy notes section 1, "Interval
 * kWh"). A minimal version: the full rules (spreading over gaps, post-reset counting) live in
 * packages/domain/src/energy and replace `counterDeltaWh` at its one call site (telemetry/deltas.ts).
 */

/** A counter reading as stored: raw integer, power-of-ten scale, driver serial, time. */
export interface CounterReading {
  raw: number;
  scale: number;
  serial: string;
  at: Date;
}

/** How a reading's delta counts: first of a segment, summed, or kept out of sums as implausible. */
export type DeltaStatus = 'baseline' | 'counted' | 'quarantined';

/** A reading's share of energy: its status and Wh. */
export interface CounterDelta {
  status: DeltaStatus;
  /** Wh as a decimal string (numeric, not float): 0 for a baseline. */
  wh: string;
}

/** Plausibility margin over the rated power: a delta above rated W × elapsed h × 1.2 is quarantined. */
export const RATED_POWER_MARGIN = 1.2;

/** raw × 10^scale as an exact decimal string. */
export function scaledDecimal(raw: number | bigint, scale: number): string {
  const digits = BigInt(raw).toString();
  if (scale >= 0) return digits === '0' ? '0' : digits + '0'.repeat(scale);
  const padded = digits.padStart(-scale + 1, '0');
  const point = padded.length + scale;
  const fraction = padded.slice(point).replace(/0+$/, '');
  return fraction ? `${padded.slice(0, point)}.${fraction}` : padded.slice(0, point);
}

/**
 * Wh between `previous` and `current` readings of one device element's counter. A segment is (scale,
 * driver serial) with a non-decreasing raw value: its first reading (no previous, a new serial, a new
 * scale, or a decrease = counter reset) is a baseline worth 0. A delta above the rated power × elapsed time
 * × 1.2 is quarantined (not summed); without a rated power nothing is quarantined.
 */
export function counterDeltaWh(
  previous: CounterReading | null,
  current: CounterReading,
  ratedW: number | null,
): CounterDelta {
  if (
    !previous ||
    previous.serial !== current.serial ||
    previous.scale !== current.scale ||
    current.raw < previous.raw
  ) {
    return { status: 'baseline', wh: '0' };
  }
  const wh = scaledDecimal(current.raw - previous.raw, current.scale);
  const hours = Math.max(0, current.at.getTime() - previous.at.getTime()) / 3_600_000;
  if (ratedW !== null && ratedW > 0 && Number(wh) > ratedW * hours * RATED_POWER_MARGIN) {
    return { status: 'quarantined', wh };
  }
  return { status: 'counted', wh };
}
