import { type LocalDate, localDateOf, type Period, startOfLocalDay } from '../energy/periods.ts';
import { addDays, isoWeekday } from '../schedules/zoned-time.ts';
import { localTimeInstant } from './local-time.ts';

/*
 * E-mailed report cycles (spec section 1: weekly on Monday or Tuesday at 0:30, monthly on the 1st or 2nd at
 * 0:00, quarterly on the quarter's first or second day at 0:20, yearly on 1 or 2 January at 0:20). A
 * report covers one closed calendar period of the site's zone, [start of its first local day, start of the
 * next period's first local day), never a sum of 24-hour steps, and goes out at the local wall-clock time
 * on the first or second day after it (notes/energy-reports.md sections 5 and 6).
 */

export const REPORT_CYCLES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type ReportCycle = (typeof REPORT_CYCLES)[number];

/**
 * The day of the following period a report goes out on: 1 its first day (Monday; the 1st; the quarter's
 * first day; 1 January), 2 the day after (Tuesday; the 2nd; the quarter's second day; 2 January).
 */
export type ReportSendDay = 1 | 2;

/** Local send time of each cycle, in minutes after midnight (spec section 1). */
export const REPORT_SEND_MINUTE: Readonly<Record<ReportCycle, number>> = Object.freeze({
  weekly: 30,
  monthly: 0,
  quarterly: 20,
  yearly: 20,
});

/**
 * A report that goes out this long after its planned time or later is late: the scheduler looks every
 * minute, so only downtime or a stuck queue makes a report this late, and the mail then says so.
 */
export const REPORT_LATE_AFTER_SECONDS = 15 * 60;

/** Most periods one catch-up hands out at once, oldest first; the rest follow once these are issued. */
export const REPORT_CATCH_UP_LIMIT = 60;

/**
 * A calendar period of a cycle, the same dates in every zone. `key` names it and sorts in time within a
 * cycle: `2026-W01` (ISO week), `2026-03`, `2026-Q1`, `2026`.
 */
export interface ReportCalendarPeriod {
  cycle: ReportCycle;
  key: string;
  /** The period's first local date. */
  first: LocalDate;
  /** The first local date of the following period (the period's end, exclusive). */
  next: LocalDate;
}

/** A calendar period in one zone: the instants (epoch seconds) it runs over, [start, end). */
export interface ReportPeriod extends ReportCalendarPeriod, Period {}

/** A period that is due: closed, its send time passed, not issued yet. */
export interface DueReport {
  period: ReportPeriod;
  /** The planned send time, epoch seconds. */
  sendAt: number;
  /** Due since at least {@link REPORT_LATE_AFTER_SECONDS}: sent after downtime. */
  late: boolean;
}

/** The next planned send of a cycle and the period it reports. */
export interface ReportRun {
  at: number;
  period: ReportPeriod;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function addMonths(date: { year: number; month: number }, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 };
}

/** ISO 8601 week key of the week starting on a Monday: the week belongs to the year of its Thursday. */
function isoWeekKey(monday: LocalDate): string {
  const thursday = addDays(monday, 3);
  const dayOfYear =
    (Date.UTC(thursday.year, thursday.month - 1, thursday.day) - Date.UTC(thursday.year, 0, 1)) / 86_400_000;
  return `${pad(thursday.year, 4)}-W${pad(Math.floor(dayOfYear / 7) + 1)}`;
}

/** The calendar period of a cycle that holds a local date. */
export function reportCalendarPeriod(cycle: ReportCycle, date: LocalDate): ReportCalendarPeriod {
  switch (cycle) {
    case 'weekly': {
      const monday = addDays(date, 1 - isoWeekday(date.year, date.month, date.day));
      return { cycle, key: isoWeekKey(monday), first: monday, next: addDays(monday, 7) };
    }
    case 'monthly': {
      const first = { year: date.year, month: date.month, day: 1 };
      return { cycle, key: `${pad(date.year, 4)}-${pad(date.month)}`, first, next: addMonths(first, 1) };
    }
    case 'quarterly': {
      const quarter = Math.floor((date.month - 1) / 3);
      const first = { year: date.year, month: quarter * 3 + 1, day: 1 };
      return { cycle, key: `${pad(date.year, 4)}-Q${quarter + 1}`, first, next: addMonths(first, 3) };
    }
    case 'yearly':
      return {
        cycle,
        key: pad(date.year, 4),
        first: { year: date.year, month: 1, day: 1 },
        next: { year: date.year + 1, month: 1, day: 1 },
      };
  }
}

/** The calendar period a key names (`2026-W01`, `2026-03`, `2026-Q1`, `2026`), or null for another text. */
export function reportCalendarPeriodOfKey(key: string): ReportCalendarPeriod | null {
  const match = /^(\d{4})(?:-W(\d{2})|-Q([1-4])|-(\d{2}))?$/.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  let period: ReportCalendarPeriod;
  if (match[2] !== undefined) {
    // Week 1 holds 4 January; its Monday starts the ISO year.
    const week1 = reportCalendarPeriod('weekly', { year, month: 1, day: 4 });
    period = reportCalendarPeriod('weekly', addDays(week1.first, (Number(match[2]) - 1) * 7));
  } else if (match[3] !== undefined) {
    period = reportCalendarPeriod('quarterly', { year, month: (Number(match[3]) - 1) * 3 + 1, day: 1 });
  } else if (match[4] !== undefined) {
    const month = Number(match[4]);
    if (month < 1 || month > 12) return null;
    period = reportCalendarPeriod('monthly', { year, month, day: 1 });
  } else {
    period = reportCalendarPeriod('yearly', { year, month: 1, day: 1 });
  }
  return period.key === key ? period : null;
}

/** The calendar period after one. */
export function followingCalendarPeriod(period: ReportCalendarPeriod): ReportCalendarPeriod {
  return reportCalendarPeriod(period.cycle, period.next);
}

/** The calendar period before one. */
export function precedingCalendarPeriod(period: ReportCalendarPeriod): ReportCalendarPeriod {
  return reportCalendarPeriod(period.cycle, addDays(period.first, -1));
}

/** A calendar period in a zone: from the start of its first local day to the start of the next period's. */
export function reportPeriodInZone(period: ReportCalendarPeriod, timeZone: string): ReportPeriod {
  return {
    ...period,
    start: startOfLocalDay(period.first, timeZone),
    end: startOfLocalDay(period.next, timeZone),
  };
}

/**
 * The period of a cycle in a zone that holds the instant `at` (epoch seconds), or with `previous` the one
 * before it: the last closed period. A week runs Monday to Monday (167 to 169 hours across a
 * daylight-saving change; 167.5 or 168.5 at Lord Howe), a month, quarter or year from its first local day.
 */
export function reportPeriod(
  cycle: ReportCycle,
  at: number,
  timeZone: string,
  which: 'containing' | 'previous' = 'containing',
): ReportPeriod {
  const holding = reportCalendarPeriod(cycle, localDateOf(at, timeZone));
  return reportPeriodInZone(which === 'previous' ? precedingCalendarPeriod(holding) : holding, timeZone);
}

/**
 * When the report of a period goes out in a zone (epoch seconds): the cycle's send time on the first or
 * second day after the period. A time a daylight-saving change skips is sent at the change (the first
 * instant at or after it); a time it repeats at its first occurrence (`localTimeInstant`). Never before
 * the period's end.
 */
export function reportSendTime(period: ReportCalendarPeriod, sendDay: ReportSendDay, timeZone: string): number {
  return localTimeInstant(addDays(period.next, sendDay - 1), REPORT_SEND_MINUTE[period.cycle], timeZone);
}

/**
 * The newest calendar period whose send time (`sendAt`) is not after `now`. Any zone's period holding
 * the UTC date after `now` ends after `now` (zones are within a day of UTC), so stepping back from it
 * finds the period within a few steps.
 */
export function newestSentCalendarPeriod(
  cycle: ReportCycle,
  now: number,
  sendAt: (period: ReportCalendarPeriod) => number,
): ReportCalendarPeriod {
  let period = reportCalendarPeriod(cycle, addDays(localDateOf(now, 'UTC'), 1));
  while (sendAt(period) > now) period = precedingCalendarPeriod(period);
  return period;
}

/**
 * The calendar periods from `from` on whose send time has come, oldest first, at most `limit` of them.
 * With no `from`, only the newest such period.
 */
export function dueCalendarPeriods(
  cycle: ReportCycle,
  from: ReportCalendarPeriod | null,
  now: number,
  sendAt: (period: ReportCalendarPeriod) => number,
  limit = REPORT_CATCH_UP_LIMIT,
): { period: ReportCalendarPeriod; sendAt: number; late: boolean }[] {
  const due = (period: ReportCalendarPeriod) => {
    const at = sendAt(period);
    return { period, sendAt: at, late: now - at >= REPORT_LATE_AFTER_SECONDS };
  };
  if (!from) return [due(newestSentCalendarPeriod(cycle, now, sendAt))];
  const out: ReturnType<typeof due>[] = [];
  for (let period = from; out.length < limit; period = followingCalendarPeriod(period)) {
    const next = due(period);
    if (next.sendAt > now) break;
    out.push(next);
  }
  return out;
}

/**
 * The next planned send of a cycle after `now` in a zone (epoch seconds), with the period it reports. At
 * a send time itself the answer is the following one: that send is due (`reportPeriodsDue`).
 */
export function nextReportRun(cycle: ReportCycle, sendDay: ReportSendDay, now: number, timeZone: string): ReportRun {
  const sendAt = (period: ReportCalendarPeriod) => reportSendTime(period, sendDay, timeZone);
  const period = followingCalendarPeriod(newestSentCalendarPeriod(cycle, now, sendAt));
  return { at: sendAt(period), period: reportPeriodInZone(period, timeZone) };
}

/**
 * The period an issued report ends with, told by its end: the period boundary nearest to it, so a network
 * whose zone changed since (its boundaries moved by hours, never by days) neither repeats nor skips one.
 * Returns the first period not issued yet.
 */
function periodAfterIssued(cycle: ReportCycle, issuedEnd: number, timeZone: string): ReportCalendarPeriod {
  const holding = reportPeriod(cycle, issuedEnd, timeZone);
  const nearerStart = issuedEnd - holding.start <= holding.end - issuedEnd;
  return nearerStart ? holding : followingCalendarPeriod(holding);
}

/**
 * The closed periods of a cycle in a zone that are due at `now` and not issued yet, oldest first, each with
 * its planned send time and whether it is late (catch-up after downtime). `lastIssuedPeriodEnd` is the end
 * of the newest issued period (epoch seconds). With none issued, `since` (when the report was switched on)
 * makes every period that ends after it due; without it only the newest due period is, so switching a
 * report on does not send its history. At most `limit` periods, the oldest.
 */
export function reportPeriodsDue(
  cycle: ReportCycle,
  sendDay: ReportSendDay,
  lastIssuedPeriodEnd: number | null,
  now: number,
  timeZone: string,
  options: { since?: number; limit?: number } = {},
): DueReport[] {
  let from: ReportCalendarPeriod | null = null;
  if (lastIssuedPeriodEnd !== null) from = periodAfterIssued(cycle, lastIssuedPeriodEnd, timeZone);
  else if (options.since !== undefined) from = reportCalendarPeriod(cycle, localDateOf(options.since, timeZone));
  const sendAt = (period: ReportCalendarPeriod) => reportSendTime(period, sendDay, timeZone);
  return dueCalendarPeriods(cycle, from, now, sendAt, options.limit).map((due) => ({
    ...due,
    period: reportPeriodInZone(due.period, timeZone),
  }));
}
