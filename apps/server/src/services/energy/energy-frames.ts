import { localDateOf, type Period, startOfLocalDay } from '@lightwell/domain';

/** Frames of a period for charts and the time slider: hours up to 15 days, local days beyond. */
export function framesOf(period: Period, timeZone: string): { unit: 'hour' | 'day'; starts: number[] } {
  if (period.end - period.start <= 15 * 24 * 3600) {
    const starts: number[] = [];
    for (let at = period.start; at < period.end; at += 3600) starts.push(at);
    return { unit: 'hour', starts };
  }
  const starts: number[] = [];
  let day = localDateOf(period.start, timeZone);
  let at = startOfLocalDay(day, timeZone);
  while (at < period.end) {
    starts.push(Math.max(at, period.start));
    day = localDateOf(at + 36 * 3600, timeZone);
    at = startOfLocalDay(day, timeZone);
  }
  return { unit: 'day', starts };
}

/** Index of the frame holding `at` in ascending `starts` (binary search). */
export function frameIndex(starts: readonly number[], at: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}
