import type { LocalDate } from '../energy/periods.ts';
import { zonedParts, zonedTime } from '../schedules/zoned-time.ts';

const DAY = 86_400;

/** The wall-clock reading of an instant (epoch seconds) in a zone, as if that reading were UTC. */
function wallSeconds(at: number, timeZone: string): number {
  const p = zonedParts(new Date(at * 1000), timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) / 1000;
}

/**
 * The instant (epoch seconds) a local date reaches a wall-clock time (`minuteOfDay` minutes after local
 * midnight, 0-1439) in an IANA zone. A time a daylight-saving change skips answers the first instant at or
 * after it, which is the change itself (00:30 in a midnight-to-01:00 gap is 01:00 on the new offset); a
 * time that a change repeats answers its first occurrence. At minute 0 this is the start of the local day
 * (`startOfLocalDay`).
 */
export function localTimeInstant(date: LocalDate, minuteOfDay: number, timeZone: string): number {
  const hour = Math.floor(minuteOfDay / 60);
  const minute = minuteOfDay % 60;
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute, 0) / 1000;
  // zonedTime answers either occurrence of a repeated time and moves a skipped one past the gap.
  const at = Math.floor(zonedTime({ ...date, hour, minute, second: 0 }, timeZone).getTime() / 1000);
  const shown = wallSeconds(at, timeZone);
  if (shown === wall) {
    // A repeated time: the earlier occurrence lies one change (the fall in the offset) before.
    const fall = wallSeconds(at - DAY, timeZone) - (at - DAY) - (shown - at);
    if (fall > 0 && wallSeconds(at - fall, timeZone) === wall) return at - fall;
    return at;
  }
  // A skipped time: zonedTime moved it forward by the gap, so the change lies in (at - gap, at]; before the
  // change the clock reads less than the wall time, from the change on at least the gap's end.
  let before = at - (shown - wall);
  let after = at;
  while (after - before > 1) {
    const mid = Math.floor((before + after) / 2);
    if (wallSeconds(mid, timeZone) >= wall) after = mid;
    else before = mid;
  }
  return after;
}
