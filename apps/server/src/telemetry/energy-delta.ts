import { counterIntervals, type CounterReading as DomainReading, GAP_SPREAD_SECONDS } from '@lightwell/domain';

/*
 * The energy of an interval from two readings of a cumulative counter, by the domain's counter rules
 * (packages/domain/src/energy/counter.ts; energy notes section 1, "Interval kWh").
 */

/** A counter reading as stored: raw integer, power-of-ten scale, driver serial, time. */
export interface CounterReading {
  raw: number;
  scale: number;
  serial: string;
  at: Date;
}

/** How a reading's delta counts: first of a segment, summed, or kept out of sums as implausible. */
type DeltaStatus = 'baseline' | 'counted' | 'quarantined';

/** A reading's share of energy: its status and Wh. */
export interface CounterDelta {
  status: DeltaStatus;
  /** Wh as a decimal string (numeric, not float): 0 for a baseline. */
  wh: string;
  /** A counted delta over a gap (longer than `GAP_SPREAD_SECONDS`): spread over the gap's hours by time. */
  spread: boolean;
}

/** Whole milliwatt-hours as a decimal string of Wh: 1234 → "1.234". */
function milliToWh(mWh: number): string {
  const sign = mWh < 0 ? '-' : '';
  const digits = String(Math.abs(mWh)).padStart(4, '0');
  const fraction = digits.slice(-3).replace(/0+$/, '');
  return `${sign}${digits.slice(0, -3)}${fraction ? `.${fraction}` : ''}`;
}

const asDomain = (reading: CounterReading): DomainReading => ({
  at: Math.floor(reading.at.getTime() / 1000),
  raw: reading.raw,
  scale: reading.scale,
  driverSerial: reading.serial,
  source: 'd4i',
});

/**
 * Wh between `previous` and `current` readings of one device element's counter, by `counterIntervals`: a
 * segment is (scale, driver serial); its first reading (no previous, a new serial or scale) is a baseline
 * worth 0; after a decrease (a reset) the new value counts when it is below rated W × elapsed × 1.2, else
 * it is a baseline; a delta above that cap is quarantined (not summed). Without a rated power a reset is
 * a baseline and nothing is quarantined. A counted delta over more than `GAP_SPREAD_SECONDS` is `spread`.
 */
export function counterDeltaWh(
  previous: CounterReading | null,
  current: CounterReading,
  ratedW: number | null,
): CounterDelta {
  if (!previous) return { status: 'baseline', wh: '0', spread: false };
  const sameSegment = previous.serial === current.serial && previous.scale === current.scale;
  // An unchanged counter used nothing, even within the same second (which the interval rules skip).
  if (sameSegment && previous.raw === current.raw) return { status: 'counted', wh: '0', spread: false };
  const energy = counterIntervals([asDomain(previous), asDomain(current)], {
    ratedW: ratedW !== null && ratedW > 0 ? ratedW : null,
    gapSeconds: GAP_SPREAD_SECONDS,
  });
  const [quarantined] = energy.quarantined;
  if (quarantined) return { status: 'quarantined', wh: milliToWh(quarantined.mWh), spread: false };
  const [interval] = energy.intervals;
  if (interval) return { status: 'counted', wh: milliToWh(interval.mWh), spread: interval.flags.includes('spread') };
  return { status: 'baseline', wh: '0', spread: false };
}
