import { addDays, reportCalendarPeriodOfKey } from '@lightwell/domain';
import type { reportRuns } from '../../db/schema.ts';

/** A stored run. */
export type RunRow = typeof reportRuns.$inferSelect;

const iso = (date: { year: number; month: number; day: number }) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

/** The first and last local dates of a run's period, and its label in mail (`2026-03, 2026-03-01 – 2026-03-31`). */
export function runDates(run: { periodKey: string }) {
  const period = reportCalendarPeriodOfKey(run.periodKey);
  if (!period) throw new Error(`not a period: ${run.periodKey}`);
  const last = addDays(period.next, -1);
  return { first: period.first, last, label: `${run.periodKey}, ${iso(period.first)} – ${iso(last)}` };
}
