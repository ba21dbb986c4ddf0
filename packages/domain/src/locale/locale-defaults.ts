import { DEFAULT_TIME_FORMAT, type TimeFormat } from './time-format.ts';

/** First day of the week, ISO numbering as Intl's week info: 1 Monday … 7 Sunday. */
export type WeekStart = 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** First day of the week of a user whose locale says nothing: Monday (ISO 8601). */
export const DEFAULT_WEEK_START: WeekStart = 1;

/** Regions whose week starts on Sunday or Saturday (CLDR), for runtimes without Intl week info. */
const SUNDAY_REGIONS = new Set(
  'AG AS BD BR BS BT BW BZ CA CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(
    ' ',
  ),
);
const SATURDAY_REGIONS = new Set('AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));

interface WeekInfoLocale {
  getWeekInfo?: () => { firstDay?: number };
  weekInfo?: { firstDay?: number };
}

function parseLocale(tag: string | null | undefined): Intl.Locale | undefined {
  if (!tag) return undefined;
  try {
    return new Intl.Locale(tag.trim().replace(/_/g, '-'));
  } catch {
    return undefined;
  }
}

/**
 * The first day of the week in a locale (`de-DE` → 1, `en-US` → 7): Intl's week info where the
 * runtime has it (`getWeekInfo()`, or the older `weekInfo`), else the CLDR regions above.
 */
export function weekStartOf(tag: string | null | undefined): WeekStart {
  const locale = parseLocale(tag);
  if (!locale) return DEFAULT_WEEK_START;
  const withInfo = locale as unknown as WeekInfoLocale;
  const firstDay = withInfo.getWeekInfo?.().firstDay ?? withInfo.weekInfo?.firstDay;
  if (firstDay !== undefined && firstDay >= 1 && firstDay <= 7) return firstDay as WeekStart;
  const region = locale.maximize().region ?? '';
  if (SUNDAY_REGIONS.has(region)) return 7;
  if (SATURDAY_REGIONS.has(region)) return 6;
  return DEFAULT_WEEK_START;
}

/**
 * The user time format (section 3) closest to how a locale writes a date: year first → 0 (y-m-d),
 * month before day → 1 (m/d/y), day before month → 2 (d/m/y). `en-US` → 1, `en-GB`, `de`, `es` → 2,
 * `zh` → 0; unknown or invalid tags keep the spec's default 1.
 */
export function timeFormatOf(tag: string | null | undefined): TimeFormat {
  const locale = parseLocale(tag);
  if (!locale) return DEFAULT_TIME_FORMAT;
  const parts = new Intl.DateTimeFormat(locale.toString(), { year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(Date.UTC(2026, 10, 25, 12))
    .map((part) => part.type);
  const year = parts.indexOf('year');
  const month = parts.indexOf('month');
  const day = parts.indexOf('day');
  if (year < month && year < day) return 0;
  return month < day ? 1 : 2;
}

/** A new account's date format and first day of the week, from the browser locale sent at registration. */
export function localeDefaults(tag: string | null | undefined): { timeFormat: TimeFormat; weekStart: WeekStart } {
  return { timeFormat: timeFormatOf(tag), weekStart: weekStartOf(tag) };
}

/** The seven ISO weekdays (1 Monday … 7 Sunday) in the order a week starting on `weekStart` shows them. */
export function weekdaysFrom(weekStart: number): number[] {
  const start = weekStart >= 1 && weekStart <= 7 ? weekStart : DEFAULT_WEEK_START;
  return Array.from({ length: 7 }, (_, i) => ((start - 1 + i) % 7) + 1);
}
