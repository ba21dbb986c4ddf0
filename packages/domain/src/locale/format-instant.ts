import { zonedParts } from '../schedules/zoned-time.ts';
import { DEFAULT_TIME_FORMAT, type TimeFormat } from './time-format.ts';

/*
 * Instants as people read them: in a named time zone (the network's, or the browser's where no network
 * applies), in the user's date format (section 3), with the zone's abbreviation. Every instant of the
 * API is epoch seconds in UTC (docs/decisions.md); these functions take those seconds.
 */

/** To the minute (schedules, next runs) or to the second (task and log times). */
export type InstantPrecision = 'minute' | 'second';

const abbreviations = new Map<string, Intl.DateTimeFormat>();

function zoneNamePart(locale: string, timeZone: string, instant: Date): string {
  const key = `${locale}|${timeZone}`;
  let formatter = abbreviations.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    abbreviations.set(key, formatter);
  }
  return formatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/**
 * The short name of a time zone at an instant: "GMT"/"BST" in London, "EST"/"EDT" in New York,
 * "CET"/"CEST" in Berlin; an offset such as "GMT+8" where no letters are in common use. Intl knows the
 * American names under en-US and the European ones under en-GB, so both are asked.
 */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  const american = zoneNamePart('en-US', timeZone, instant);
  if (!/^GMT[+-]/.test(american)) return american;
  const british = zoneNamePart('en-GB', timeZone, instant);
  return /^GMT[+-]/.test(british) ? american : british;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date of wall-clock parts in the user's time format (0 y-m-d, 1 m/d/y, 2 d/m/y). */
export function formatCivilDate(date: { year: number; month: number; day: number }, timeFormat: number): string {
  const y = String(date.year).padStart(4, '0');
  const m = pad(date.month);
  const d = pad(date.day);
  const format = (
    timeFormat === 0 || timeFormat === 1 || timeFormat === 2 ? timeFormat : DEFAULT_TIME_FORMAT
  ) as TimeFormat;
  if (format === 0) return `${y}-${m}-${d}`;
  return format === 1 ? `${m}/${d}/${y}` : `${d}/${m}/${y}`;
}

/** Options of `formatInstant`. */
export interface FormatInstantOptions {
  /** IANA time zone the instant is read in. */
  timeZone: string;
  /** The user's time format (section 3). */
  timeFormat: number;
  /** Default 'minute'. */
  precision?: InstantPrecision;
}

/** An instant (epoch seconds, UTC) as date, 24-hour time and zone: "11/25/2026 14:05 GMT". */
export function formatInstant(epochSeconds: number, options: FormatInstantOptions): string {
  const instant = new Date(epochSeconds * 1000);
  const p = zonedParts(instant, options.timeZone);
  const time = `${pad(p.hour)}:${pad(p.minute)}${options.precision === 'second' ? `:${pad(p.second)}` : ''}`;
  return `${formatCivilDate(p, options.timeFormat)} ${time} ${zoneAbbreviation(instant, options.timeZone)}`;
}

/** An instant's time of day only, with its zone: "14:05 GMT" (same-day lists, sentences). */
export function formatInstantTime(
  epochSeconds: number,
  timeZone: string,
  precision: InstantPrecision = 'minute',
): string {
  const instant = new Date(epochSeconds * 1000);
  const p = zonedParts(instant, timeZone);
  const time = `${pad(p.hour)}:${pad(p.minute)}${precision === 'second' ? `:${pad(p.second)}` : ''}`;
  return `${time} ${zoneAbbreviation(instant, timeZone)}`;
}

/** The time zone the runtime runs in (the browser's, for times no network owns). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
