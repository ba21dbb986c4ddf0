import { localDateOf, startOfLocalDay, zonedParts, zonedTime } from '@lightwell/domain';

/** A period [from, to) in epoch seconds, UTC. */
export interface Period {
  from: number;
  to: number;
}

/** A calendar year in a zone: [1 January 00:00, next 1 January 00:00) local time. */
export function yearPeriod(year: number, timeZone: string): Period {
  return {
    from: startOfLocalDay({ year, month: 1, day: 1 }, timeZone),
    to: startOfLocalDay({ year: year + 1, month: 1, day: 1 }, timeZone),
  };
}

/**
 * The twelve months up to today, in a zone: from the same date a year ago (its local midnight; 28 February
 * for a 29th) to the end of today, so that on 1 December the last December is in it and the days still to
 * come are not. What an inspector asks for first; a calendar year is `yearPeriod`.
 */
export function lastTwelveMonths(now: number, timeZone: string): Period {
  const today = localDateOf(now, timeZone);
  const lastYearsDays = new Date(Date.UTC(today.year - 1, today.month, 0)).getUTCDate();
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return {
    from: startOfLocalDay(
      { year: today.year - 1, month: today.month, day: Math.min(today.day, lastYearsDays) },
      timeZone,
    ),
    to: startOfLocalDay(
      { year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate() },
      timeZone,
    ),
  };
}

/** The year an instant falls in, in a zone. */
export function yearOf(at: number, timeZone: string): number {
  return localDateOf(at, timeZone).year;
}

/** Query string of a print route: network, period and, optionally, the part. */
export function printSearch(nid: number, period: Period): string {
  return new URLSearchParams({ nid: String(nid), from: String(period.from), to: String(period.to) }).toString();
}

/** Reads a print route's query: network and period, or null when one is missing or not a number. */
export function readPrintSearch(params: URLSearchParams): ({ nid: number } & Period) | null {
  const [nid, from, to] = ['nid', 'from', 'to'].map((key) => Number(params.get(key) ?? Number.NaN));
  if (![nid, from, to].every((value) => Number.isInteger(value) && (value as number) >= 0)) return null;
  if ((to as number) <= (from as number) || (nid as number) < 1) return null;
  return { nid: nid as number, from: from as number, to: to as number };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a `datetime-local` field showing wall time in a zone ("2026-11-26T14:05"). */
export function wallInputOf(at: number, timeZone: string): string {
  const p = zonedParts(new Date(at * 1000), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A `datetime-local` value read as wall time in a zone, as epoch seconds; null when not a date and time. */
export function epochOfWallInput(value: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return Math.floor(zonedTime({ year, month, day, hour, minute, second: 0 }, timeZone).getTime() / 1000);
}
