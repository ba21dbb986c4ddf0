import type { AstroEvent, GeoLocation } from '@lightwell/domain';
import type { schedules } from '../schema.ts';
import type { NetworkRow } from './networks.ts';

/** A schedule row. */
export type ScheduleRow = typeof schedules.$inferSelect;

/** A network's location for astro timers, or null while it has none. */
export function locationOf(network: Pick<NetworkRow, 'latitude' | 'longitude'>): GeoLocation | null {
  return network.latitude === null || network.longitude === null
    ? null
    : { latitude: network.latitude, longitude: network.longitude };
}

/** When a schedule row fires: its date and time fields, or its astro event and shift (section 3 encoding). */
export function scheduleTiming(row: ScheduleRow) {
  return {
    year: row.year,
    month: row.month,
    day: row.day,
    dayOfWeek: row.dayOfWeek,
    hour: row.hour,
    minute: row.minute,
    second: row.second,
    astroEvent: row.astroEvent as AstroEvent | null,
    astroShift: row.astroShift,
  };
}

/** A schedule row as `nextRun` reads it. */
export function runnable(row: ScheduleRow) {
  return { kind: row.kind as 'schedule' | 'astro', ...scheduleTiming(row), seed: row.id };
}
