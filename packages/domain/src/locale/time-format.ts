import { format } from 'date-fns';

/** User time formats (section 3): 0 year-month-day, 1 month/day/year (default), 2 day/month/year. */
export type TimeFormat = 0 | 1 | 2;
/** Default time format of a new user. */
export const DEFAULT_TIME_FORMAT: TimeFormat = 1;

const DATE_PATTERNS: Record<TimeFormat, string> = {
  0: 'yyyy-MM-dd',
  1: 'MM/dd/yyyy',
  2: 'dd/MM/yyyy',
};

/** date-fns pattern for a date in the user's format. */
export function datePattern(timeFormat: number): string {
  return DATE_PATTERNS[(timeFormat in DATE_PATTERNS ? timeFormat : DEFAULT_TIME_FORMAT) as TimeFormat];
}

/** Formats a date (or epoch ms) as a date in the user's time format. */
export function formatDate(value: Date | number, timeFormat: number): string {
  return format(value, datePattern(timeFormat));
}

/** Formats a date (or epoch ms) as date and 24-hour time in the user's time format. */
export function formatDateTime(value: Date | number, timeFormat: number): string {
  return format(value, `${datePattern(timeFormat)} HH:mm:ss`);
}
