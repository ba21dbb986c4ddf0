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

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`${value} mWh is beyond a safe integer`);
  return Number(value);
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
  const { ratedW, capFactor = 1.2, gapSeconds = null } = options;
  const result: CounterEnergy = { intervals: [], quarantined: [], segments: [], ignored: [], totalMWh: 0 };
  let previous: CounterReading | undefined;
  for (const reading of readings) {
    if (previous && reading.at <= previous.at) {
      result.ignored.push(reading);
      continue;
    }
    const now = counterToMilliwattHours(reading.raw, reading.scale);
    if (!previous) {
      result.segments.push(segmentOf(0, reading, 'first', false));
      previous = reading;
      continue;
    }
    const elapsed = reading.at - previous.at;
    const cap = ratedW === null ? null : (ratedW * elapsed * capFactor) / 3.6;
    const delta = now - counterToMilliwattHours(previous.raw, previous.scale);
    const startedBy = segmentBreak(previous, reading, delta);
    const flags: IntervalFlag[] = gapSeconds !== null && elapsed > gapSeconds ? ['spread'] : [];
    let mWh: number;
    if (startedBy) {
      const counted = cap !== null && toSafeNumber(now) < cap;
      result.segments.push(segmentOf(result.segments.length, reading, startedBy, counted));
      previous = reading;
      if (!counted) continue;
      mWh = toSafeNumber(now);
      flags.unshift('reset');
    } else {
      mWh = toSafeNumber(delta);
    }
    previous = reading;
    const interval = {
      from: reading.at - elapsed,
      to: reading.at,
      mWh,
      source: reading.source,
      segment: result.segments.length - 1,
      flags,
    };
    if (cap !== null && mWh > cap) {
      result.quarantined.push({ ...interval, flags: [...flags, 'quarantined'] });
      continue;
    }
    result.intervals.push(interval);
    result.totalMWh += mWh;
  }
  return result;
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
