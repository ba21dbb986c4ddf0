import { getTimes } from 'suncalc';
import { zonedTime } from './zoned-time.ts';

/** A network's location for astro timers, in degrees. */
export interface GeoLocation {
  latitude: number;
  longitude: number;
}

/** Astro events a timer follows. */
export const ASTRO_EVENTS = ['sunrise', 'sunset'] as const;
export type AstroEvent = (typeof ASTRO_EVENTS)[number];

/** Largest sunrise/sunset shift in minutes, either way. */
export const ASTRO_SHIFT_MAX = 180;

/**
 * Sunrise or sunset on a local calendar date at a location (computed by the `suncalc` library), moved by
 * `shiftMinutes`; null where the sun does not rise or set that day (polar day or night).
 */
export function astroTime(
  date: { year: number; month: number; day: number },
  event: AstroEvent,
  location: GeoLocation,
  timeZone: string,
  shiftMinutes = 0,
): Date | null {
  // suncalc answers the events around the solar noon nearest to the moment given: local noon.
  const noon = zonedTime({ ...date, hour: 12, minute: 0, second: 0 }, timeZone);
  const times = getTimes(noon, location.latitude, location.longitude);
  const at = event === 'sunrise' ? times.sunrise : times.sunset;
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) return null;
  return new Date(at.getTime() + shiftMinutes * 60_000);
}
