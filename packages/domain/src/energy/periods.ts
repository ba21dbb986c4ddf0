import { addDays, zonedParts, zonedTime } from '../schedules/zoned-time.ts';

/** A calendar date in the site's zone; month 1-12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** A half-open span of time [start, end) in epoch seconds (UTC instants). */
export interface Period {
  start: number;
  end: number;
}

/** A length of time as the spec counts it: hours, local days or local months. */
export interface PeriodSpan {
  unit: 'hour' | 'day' | 'month';
  count: number;
}

const HOUR = 3600;

/** Statistics periods of section 9: 12 hours; 1, 15 and 180 days. */
export const STATISTICS_SPANS: readonly PeriodSpan[] = [
  { unit: 'hour', count: 12 },
  { unit: 'day', count: 1 },
  { unit: 'day', count: 15 },
  { unit: 'day', count: 180 },
];

/** "Recent" periods of section 9: 7, 30 and 90 days; 3, 6 and 12 months. */
export const RECENT_SPANS: readonly PeriodSpan[] = [
  { unit: 'day', count: 7 },
  { unit: 'day', count: 30 },
  { unit: 'day', count: 90 },
  { unit: 'month', count: 3 },
  { unit: 'month', count: 6 },
  { unit: 'month', count: 12 },
];

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const sameWall = (at: number, date: LocalDate, timeZone: string) => {
  const p = zonedParts(new Date(at * 1000), timeZone);
  return p.year === date.year && p.month === date.month && p.day === date.day && p.hour === 0 && p.minute === 0;
};

/**
 * The first instant of a local date in an IANA zone (notes §5: periods are [startOfDay, next startOfDay),
 * never "+ 24 h"). A midnight skipped by a daylight-saving change starts the day at the first valid
 * instant after it; a repeated midnight starts it at the earlier occurrence.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  const at = seconds(zonedTime({ ...date, hour: 0, minute: 0, second: 0 }, timeZone));
  // zonedTime answers either occurrence of a repeated time; the day starts at the earlier one.
  for (const back of [HOUR, HOUR / 2]) if (sameWall(at - back, date, timeZone)) return at - back;
  return at;
}

/** The local date an instant (epoch seconds) falls on in a zone. */
export function localDateOf(at: number, timeZone: string): LocalDate {
  const { year, month, day } = zonedParts(new Date(at * 1000), timeZone);
  return { year, month, day };
}

/** The local day of a date: [its start, the next day's start). 23, 24 or 25 hours long. */
export function localDay(date: LocalDate, timeZone: string): Period {
  return { start: startOfLocalDay(date, timeZone), end: startOfLocalDay(addDays(date, 1), timeZone) };
}

/** The ISO week (Monday first) holding a local date. */
export function localWeek(date: LocalDate, timeZone: string): Period {
  const p = zonedParts(new Date(startOfLocalDay(date, timeZone) * 1000), timeZone);
  const monday = addDays(date, 1 - p.weekday);
  return { start: startOfLocalDay(monday, timeZone), end: startOfLocalDay(addDays(monday, 7), timeZone) };
}

/** A local calendar month (month 1-12), from its first day's start to the next month's. */
export function localMonth(year: number, month: number, timeZone: string): Period {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return {
    start: startOfLocalDay({ year, month, day: 1 }, timeZone),
    end: startOfLocalDay({ ...next, day: 1 }, timeZone),
  };
}

function addMonths(year: number, month: number, months: number) {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The period of `span` whole units that ends with the unit holding `now` (section 9 periods): 12 hours
 * are the current UTC hour and the 11 before it, 7 days the local today and the 6 before it, 3 months the
 * local month and the 2 before it. With `complete`, the period ends where the current unit starts, so it
 * holds only finished units (reports).
 */
export function periodEndingAt(now: number, span: PeriodSpan, timeZone: string, complete = false): Period {
  const shift = complete ? 1 : 0;
  if (span.unit === 'hour') {
    const end = (Math.floor(now / HOUR) + 1 - shift) * HOUR;
    return { start: end - span.count * HOUR, end };
  }
  const today = localDateOf(now, timeZone);
  if (span.unit === 'day') {
    const last = addDays(today, -shift);
    return { start: startOfLocalDay(addDays(last, 1 - span.count), timeZone), end: localDay(last, timeZone).end };
  }
  const last = addMonths(today.year, today.month, -shift);
  const first = addMonths(last.year, last.month, 1 - span.count);
  return {
    start: localMonth(first.year, first.month, timeZone).start,
    end: localMonth(last.year, last.month, timeZone).end,
  };
}

/**
 * The UTC hours of a period, as the epoch seconds each starts at. An hour belongs to the period holding
 * its start, so hours partition any sequence of adjacent periods (a month is the sum of its hours).
 */
export function utcHoursOf(period: Period): number[] {
  const hours: number[] = [];
  for (let hour = Math.ceil(period.start / HOUR) * HOUR; hour < period.end; hour += HOUR) hours.push(hour);
  return hours;
}

/** The local dates whose day starts inside a period (each day counted in exactly one of adjacent periods). */
export function localDatesOf(period: Period, timeZone: string): LocalDate[] {
  const dates: LocalDate[] = [];
  let date = localDateOf(period.start, timeZone);
  if (startOfLocalDay(date, timeZone) < period.start) date = addDays(date, 1);
  while (startOfLocalDay(date, timeZone) < period.end) {
    dates.push(date);
    date = addDays(date, 1);
  }
  return dates;
}

/**
 * Heat-map cell of an instant: local ISO weekday and hour as 0..167 (Monday 00:00-00:59 is 0, Sunday
 * 23:00-23:59 is 167). Both hours of a repeated local hour land in the same cell.
 */
export function hourOfWeek(at: number, timeZone: string): number {
  const p = zonedParts(new Date(at * 1000), timeZone);
  return (p.weekday - 1) * 24 + p.hour;
}

/** A local date as `YYYY-MM-DD`, the form tariff versions are dated with. */
export function formatLocalDate(date: LocalDate): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}
