import { formatDate, formatInstant, type InstantPrecision, localTimeZone } from '@lightwell/domain';
import { useCallback } from 'react';
import { useProjectInfoQuery } from '../api/project';
import { useSession } from '../stores/session';

/**
 * The time zone times are read in: a network's own (its schedules run in it), or the browser's where
 * no network applies (account, shares, project lists) or while the network's zone is not known yet.
 */
export function useTimeZone(scope: 'network' | 'local' = 'network', nid?: number | null): string {
  const current = useSession((state) => state.nid);
  const projects = useProjectInfoQuery().data;
  if (scope === 'local') return localTimeZone();
  const id = nid ?? current;
  const network = projects?.flatMap((project) => project.networks).find((n) => n.id === id);
  return network?.timeZone ?? localTimeZone();
}

/** Options of one formatted instant: its precision, and a zone other than the hook's. */
export interface InstantOptions {
  precision?: InstantPrecision;
  timeZone?: string;
}

/**
 * Formats an instant (epoch seconds, UTC, as the API sends every instant) as date, time and zone
 * abbreviation in the signed-in user's time format (section 3): "11/25/2026 14:05 GMT". Times are read
 * in the current network's zone (`scope` 'network') or the browser's ('local'); to the minute unless
 * `precision` is 'second' (times something happened: tasks, logs, last seen).
 */
export function useFormatInstant(
  scope: 'network' | 'local' = 'network',
): (epochSeconds: number, options?: InstantOptions) => string {
  const timeFormat = useSession((state) => state.timeFormat);
  const zone = useTimeZone(scope);
  return useCallback(
    (epochSeconds, options) =>
      formatInstant(epochSeconds, { timeZone: options?.timeZone ?? zone, timeFormat, precision: options?.precision }),
    [timeFormat, zone],
  );
}

/** The calendar day of epoch seconds read in UTC, as local midnight of that day (for local formatting). */
function utcDay(epochSeconds: number): Date {
  const date = new Date(epochSeconds * 1000);
  const day = new Date(0, 0, 1);
  day.setFullYear(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return day;
}

/**
 * Formats a calendar day stored as 00:00 UTC (epoch seconds, e.g. a device's installation date) as a date
 * only in the signed-in user's time format (section 3); read in UTC, it never shifts a day whatever the
 * browser's time zone.
 */
export function useFormatUtcDate(): (epochSeconds: number) => string {
  const timeFormat = useSession((state) => state.timeFormat);
  return useCallback((epochSeconds) => formatDate(utcDay(epochSeconds), timeFormat), [timeFormat]);
}
