import type { Period } from './periods.ts';

/*
 * Which hour, interval or period a stamped instant belongs to: one rule for every count the console keeps
 * of triggers and readings (hourly, daily and monthly rollups, heat-map cells, a sensor's total over a
 * period, a diagnosis task's intervals).
 *
 * - The instant is the device's event time as its gateway stamped it (`at` of the report: a
 *   `sensorTrigger`'s moment, a `readings` report's time), never the time the console received it.
 * - Every hour, interval and period is half-open, [start, end): an instant at exactly 10:00:00.000 is the
 *   10:00 hour's, one at 09:59:59.999 the 09:00 hour's. A `readings` report's counts (triggers, on-time,
 *   energy delta) are filed at its stamp like a trigger, not in the interval before it; only a counter
 *   delta across a gap is spread over the gap's hours by time.
 * - What is counted by the hour (rollups, heat maps, per-period totals) counts an hour in the period
 *   holding the hour's start, so for a period starting or ending inside an hour (a local day in a zone off
 *   whole hours) it counts the instants of `hourSpanOf(period)`.
 */

/** Seconds in an hour. */
export const HOUR_SECONDS = 3600;

/** Whether `at` (epoch seconds, fractions allowed) lies in the half-open `period` [start, end). */
export const isWithin = (at: number, period: Period): boolean => at >= period.start && at < period.end;

/** Start (epoch seconds) of the UTC hour [start, start + 1 h) holding instant `at` (epoch seconds, fractions allowed). */
export const hourOf = (at: number): number => Math.floor(at / HOUR_SECONDS) * HOUR_SECONDS;

/**
 * Index of the interval of `seconds` holding `at` in intervals [start + i × seconds, start + (i + 1) × seconds)
 * from `start`; negative before it.
 */
export const intervalIndexOf = (at: number, start: number, seconds: number): number =>
  Math.floor((at - start) / seconds);

/**
 * The instants an hour-by-hour count of `period` covers: those whose hour starts in the period, i.e.
 * [start rounded up to the hour, end rounded up to the hour). The period itself when it starts and ends
 * on whole UTC hours.
 */
export function hourSpanOf(period: Period): Period {
  const up = (at: number) => Math.ceil(at / HOUR_SECONDS) * HOUR_SECONDS;
  return { start: up(period.start), end: up(period.end) };
}
