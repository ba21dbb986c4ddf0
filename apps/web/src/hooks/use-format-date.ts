import { formatDate, formatDateTime } from '@lightwell/domain';
import { useCallback } from 'react';
import { useSession } from '../stores/session';

/** Formats epoch milliseconds as date and time in the signed-in user's time format (section 3). */
export function useFormatDateTime(): (value: number | Date) => string {
  const timeFormat = useSession((state) => state.timeFormat);
  return useCallback((value) => formatDateTime(value, timeFormat), [timeFormat]);
}

/** The calendar day of epoch milliseconds read in UTC, as local midnight of that day (for local formatting). */
export function utcDay(value: number): Date {
  const date = new Date(value);
  const day = new Date(0, 0, 1);
  day.setFullYear(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return day;
}

/**
 * Formats a calendar day stored as 00:00 UTC (epoch milliseconds, e.g. a device's installation date)
 * as a date only in the signed-in user's time format (section 3); read in UTC, it never shifts a day
 * whatever the browser's time zone.
 */
export function useFormatUtcDate(): (value: number) => string {
  const timeFormat = useSession((state) => state.timeFormat);
  return useCallback((value) => formatDate(utcDay(value), timeFormat), [timeFormat]);
}
