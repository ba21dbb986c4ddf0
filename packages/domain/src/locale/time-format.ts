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
