import { localMonth, type Period } from '@lightwell/domain';

/* Local months as the rollups name them: by their first day, YYYY-MM-01. */

/** The instants of local month `month` (its first day, YYYY-MM-01) in `timeZone`. */
export function localMonthOf(month: string, timeZone: string): Period {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return localMonth(year, number, timeZone);
}

/** The first day (YYYY-MM-01) of the month after `month`. */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

/** The first day of the month holding local date `day` (YYYY-MM-DD). */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
