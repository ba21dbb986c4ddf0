import { addDays, zonedParts, zonedTime } from '../schedules/zoned-time.ts';
import type { TestKind } from './types.ts';

/** The timing fields of a self-test schedule, wall-clock in the network's time zone. */
export interface SelfTestTiming {
  testKind: TestKind;
  /** Day of the month 1-28. */
  day: number;
  /** Month 1-12 of a yearly duration test; ignored for monthly function tests. */
  month: number | null;
  /** Minutes from local midnight. */
  minuteOfDay: number;
  enabled?: boolean;
}

/** One test window: it opens at the scheduled time and closes at the end of that calendar month (local). */
export interface TestWindow {
  kind: 'monthly' | 'yearly';
  year: number;
  month: number;
  start: Date;
  end: Date;
}

function startOfMonth(year: number, month: number, timeZone: string): Date {
  return zonedTime({ year, month, day: 1, hour: 0, minute: 0, second: 0 }, timeZone);
}

/**
 * The window of a schedule in a given month (issue 14: "a monthly or yearly window without a valid result
 * shows missed"): from the scheduled day and time in the network's zone to local midnight starting the next
 * month, so a test held pending, retried or retested later in the month still counts. Daylight-saving
 * changes move the instants, not the wall-clock times. Null when a yearly schedule does not run that month.
 */
export function testWindow(timing: SelfTestTiming, year: number, month: number, timeZone: string): TestWindow | null {
  if (timing.testKind === 'duration' && timing.month !== month) return null;
  const start = zonedTime(
    {
      year,
      month,
      day: timing.day,
      hour: Math.floor(timing.minuteOfDay / 60),
      minute: timing.minuteOfDay % 60,
      second: 0,
    },
    timeZone,
  );
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return {
    kind: timing.testKind === 'function' ? 'monthly' : 'yearly',
    year,
    month,
    start,
    end: startOfMonth(next.year, next.month, timeZone),
  };
}

/** Every window of a schedule that opens in [from, to), oldest first (grading of closed windows, reports). */
export function windowsBetween(timing: SelfTestTiming, from: Date, to: Date, timeZone: string): TestWindow[] {
  const out: TestWindow[] = [];
  const first = zonedParts(from, timeZone);
  let { year, month } = first;
  for (let guard = 0; guard < 12 * 200; guard += 1) {
    const window = testWindow(timing, year, month, timeZone);
    if (window && window.start.getTime() >= to.getTime()) break;
    if (window && window.start.getTime() >= from.getTime()) out.push(window);
    if (!window && startOfMonth(year, month, timeZone).getTime() >= to.getTime()) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return out;
}

/** The next time a schedule opens a window after `now` (null when disabled). */
export function nextScheduledRun(timing: SelfTestTiming, now: Date, timeZone: string): Date | null {
  if (timing.enabled === false) return null;
  const horizon = new Date(now.getTime() + 400 * 86_400_000);
  return windowsBetween(timing, new Date(now.getTime() + 1), horizon, timeZone)[0]?.start ?? null;
}

/**
 * Next check (spec section 4): the earliest future scheduled monthly check in the current year (in the
 * network's zone), else the first entry of next year; none (no enabled monthly schedule) → null, shown N/A.
 */
export function nextCheck(schedules: readonly SelfTestTiming[], now: Date, timeZone: string): Date | null {
  const monthly = schedules.filter((s) => s.testKind === 'function' && s.enabled !== false);
  if (monthly.length === 0) return null;
  const { year } = zonedParts(now, timeZone);
  const yearEnd = startOfMonth(year + 1, 1, timeZone);
  const nextYearEnd = startOfMonth(year + 2, 1, timeZone);
  const earliest = (from: Date, to: Date) =>
    monthly
      .flatMap((s) => windowsBetween(s, from, to, timeZone).slice(0, 1))
      .map((w) => w.start)
      .sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  return earliest(new Date(now.getTime() + 1), yearEnd) ?? earliest(yearEnd, nextYearEnd);
}

/** The local calendar day `days` after an instant's day, at the same wall-clock time (DST-safe). */
export function addLocalDays(instant: Date, days: number, timeZone: string): Date {
  const p = zonedParts(instant, timeZone);
  return zonedTime({ ...addDays(p, days), hour: p.hour, minute: p.minute, second: p.second }, timeZone);
}
