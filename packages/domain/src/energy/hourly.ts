import { apportion } from './apportion.ts';
import type { IntervalFlag } from './counter.ts';

/** Energy of one UTC hour (epoch seconds of its start), in milliwatt-hours, with the flags of its intervals. */
export interface HourlyEnergy {
  hour: number;
  mWh: number;
  flags: IntervalFlag[];
}

const HOUR = 3600;

/**
 * Distributes intervals into UTC hour buckets by time (notes §1, §5: hourly rollups in UTC): an
 * interval's energy is split over the hours it overlaps in proportion to the seconds in each, in whole
 * mWh that add up to the interval's. A gap interval is thus spread over the hours of the gap.
 */
export function toHourlyBuckets(
  intervals: readonly { from: number; to: number; mWh: number; flags?: readonly IntervalFlag[] }[],
): HourlyEnergy[] {
  const buckets = new Map<number, HourlyEnergy>();
  for (const interval of intervals) {
    const hours: number[] = [];
    const seconds: number[] = [];
    for (let hour = Math.floor(interval.from / HOUR) * HOUR; hour < interval.to; hour += HOUR) {
      hours.push(hour);
      seconds.push(Math.min(interval.to, hour + HOUR) - Math.max(interval.from, hour));
    }
    const parts = interval.to > interval.from ? apportion(interval.mWh, seconds) : [interval.mWh];
    if (hours.length === 0) hours.push(Math.floor(interval.from / HOUR) * HOUR);
    hours.forEach((hour, index) => {
      const bucket = buckets.get(hour) ?? { hour, mWh: 0, flags: [] };
      bucket.mWh += parts[index] ?? 0;
      for (const flag of interval.flags ?? []) if (!bucket.flags.includes(flag)) bucket.flags.push(flag);
      buckets.set(hour, bucket);
    });
  }
  return [...buckets.values()].sort((a, b) => a.hour - b.hour);
}
