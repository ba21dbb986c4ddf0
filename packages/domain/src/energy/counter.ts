/** Where a measured energy reading comes from (section 1 priority: meter, then D4i). */
export type MeasuredSource = 'meter' | 'd4i';

/** One reading of a device's cumulative energy counter: raw integer × 10^scale Wh at `at` (epoch s). */
export interface CounterReading {
  at: number;
  raw: bigint | number | string;
  scale: number;
  driverSerial: string;
  source: MeasuredSource;
}

/** How a counter is turned into interval energy. */
export interface CounterOptions {
  /** Rated (nominal) power of the device in W; null when unknown: no cap, and every reset re-baselines. */
  ratedW: number | null;
  /** A delta above ratedW × elapsed × capFactor is quarantined. Default 1.2 (notes §1). */
  capFactor?: number;
  /** An interval longer than this many seconds is a gap: still counted, flagged `spread`. */
  gapSeconds?: number | null;
}

/**
 * A counter interval longer than this (seconds) spans a reporting gap (a gateway offline without its replay
 * buffer, a driver without power): its energy is spread over the gap's hours by time and flagged `spread`.
 * Readings come every 15 minutes; an hour is four missed reports.
 */
export const GAP_SPREAD_SECONDS = 3600;

/** What marks an interval: a counted post-reset value, a gap spread by time, or a quarantined delta. */
export const INTERVAL_FLAGS = ['reset', 'spread', 'quarantined'] as const;
export type IntervalFlag = (typeof INTERVAL_FLAGS)[number];

/** Energy between two readings, in integer milliwatt-hours (1 Wh = 1,000 mWh). */
export interface EnergyInterval {
  from: number;
  to: number;
  mWh: number;
  source: MeasuredSource;
  segment: number;
  flags: IntervalFlag[];
}

/** Why a counter segment started: the first reading, or a decrease, new scale or new driver serial. */
export const SEGMENT_STARTS = ['first', 'decrease', 'scale', 'serial'] as const;
export type SegmentStart = (typeof SEGMENT_STARTS)[number];

/** A run of readings of one counter with one scale and one driver serial; its first reading is worth 0. */
export interface CounterSegment {
  index: number;
  startedAt: number;
  startedBy: SegmentStart;
  driverSerial: string;
  scale: number;
  /** True when the post-reset value was counted instead of re-baselined. */
  resetCounted: boolean;
}

/** Interval energy of one counter: counted intervals, quarantined ones (kept, not summed), segments. */
export interface CounterEnergy {
  intervals: EnergyInterval[];
  quarantined: EnergyInterval[];
  segments: CounterSegment[];
  /** Readings dropped because they were not later than the previous one. */
  ignored: CounterReading[];
  totalMWh: number;
}

/** A cumulative counter value in whole milliwatt-hours, rounded down (exact for scale ≥ −3). */
export function counterToMilliwattHours(raw: bigint | number | string, scale: number): bigint {
  const value = BigInt(raw);
  const power = scale + 3;
  return power >= 0 ? value * 10n ** BigInt(power) : value / 10n ** BigInt(-power);
}

function segmentBreak(previous: CounterReading, next: CounterReading, delta: bigint): SegmentStart | null {
  if (next.driverSerial !== previous.driverSerial) return 'serial';
  if (next.scale !== previous.scale) return 'scale';
  return delta < 0n ? 'decrease' : null;
}

/**
 * Interval energy from one device's counter readings (notes §1): a segment is device + counter + scale +
 * driver serial and its first reading is a baseline worth 0; a decrease, new scale or new serial starts a
 * segment whose post-reset value counts only when below rated × elapsed × cap factor; a larger delta is
 * quarantined; an interval longer than `gapSeconds` is flagged `spread` (its energy is spread by time
 * when bucketed). Deltas are differences of whole-mWh counter values, so they add up to the counter's.
 */
export function counterIntervals(readings: readonly CounterReading[], options: CounterOptions): CounterEnergy {
  const result: CounterEnergy = { intervals: [], quarantined: [], segments: [], ignored: [], totalMWh: 0 };
  let previous: CounterReading | undefined;
  for (const reading of readings) {
    if (previous && reading.at <= previous.at) {
      result.ignored.push(reading);
      continue;
    }
    const interval = previous ? closeInterval(previous, reading, options, result.segments) : null;
    if (!previous) result.segments.push(segmentOf(0, reading, 'first', false));
    previous = reading;
    if (!interval) continue;
    if (interval.flags.includes('quarantined')) result.quarantined.push(interval);
    else {
      result.intervals.push(interval);
      result.totalMWh += interval.mWh;
    }
  }
  return result;
}

/** The interval a reading closes, or null when it starts a segment by re-baselining. */
function closeInterval(
  previous: CounterReading,
  reading: CounterReading,
  options: CounterOptions,
  segments: CounterSegment[],
): EnergyInterval | null {
  const { ratedW, capFactor = 1.2, gapSeconds = null } = options;
  const elapsed = reading.at - previous.at;
  const cap = ratedW === null ? Number.POSITIVE_INFINITY : (ratedW * elapsed * capFactor) / 3.6;
  const now = counterToMilliwattHours(reading.raw, reading.scale);
  const delta = now - counterToMilliwattHours(previous.raw, previous.scale);
  const startedBy = segmentBreak(previous, reading, delta);
  const flags: IntervalFlag[] = [];
  let mWh = delta;
  if (startedBy) {
    // Without a rated power there is no cap to tell a small post-reset value from a lifetime total.
    const counted = ratedW !== null && now < cap;
    segments.push(segmentOf(segments.length, reading, startedBy, counted));
    if (!counted) return null;
    mWh = now;
    flags.push('reset');
  }
  if (gapSeconds !== null && elapsed > gapSeconds) flags.push('spread');
  // A value past the safe integer range is as implausible as one past the cap.
  if (mWh > cap || mWh > BigInt(Number.MAX_SAFE_INTEGER)) flags.push('quarantined');
  return {
    from: previous.at,
    to: reading.at,
    mWh: Number(mWh),
    source: reading.source,
    segment: segments.length - 1,
    flags,
  };
}

function segmentOf(
  index: number,
  reading: CounterReading,
  startedBy: SegmentStart,
  resetCounted: boolean,
): CounterSegment {
  return {
    index,
    startedAt: reading.at,
    startedBy,
    driverSerial: reading.driverSerial,
    scale: reading.scale,
    resetCounted,
  };
}
