import { type AstroEvent, astroTime, type GeoLocation } from './astro.ts';
import { expandHour, expandMinute, matchesDate, ScheduleCode, type ScheduleFields } from './encoding.ts';
import { addDays, isoWeekday, zonedParts, zonedTime } from './zoned-time.ts';

/** What `nextRun` needs of a schedule: its encoded fields, and for astro timers the event and shift. */
export interface RunnableSchedule extends ScheduleFields {
  kind: 'schedule' | 'astro';
  astroEvent?: AstroEvent | null;
  astroShift?: number;
  /** Seed of the random hour/minute/second codes (the schedule id), so every process picks the same. */
  seed?: number;
}

/** Days searched ahead at most (a dated schedule may lie years ahead; the year field ends at 2099). */
const MAX_STEPS = 4000;

type CivilDate = { year: number; month: number; day: number };

/** The first day to look at after `date` when it does not match: skips whole years and months. */
function skipAhead(fields: ScheduleFields, date: CivilDate): CivilDate | null {
  if (fields.year !== ScheduleCode.everyYear) {
    const year = 2000 + fields.year;
    if (date.year > year) return null;
    if (date.year < year) return { year, month: 1, day: 1 };
  }
  if ((fields.month & (1 << (date.month - 1))) === 0) {
    return date.month === 12
      ? { year: date.year + 1, month: 1, day: 1 }
      : { year: date.year, month: date.month + 1, day: 1 };
  }
  return addDays(date, 1);
}

/** The first firing on one local day strictly after `from`, or null. */
function firstOnDay(
  schedule: RunnableSchedule,
  date: CivilDate,
  from: Date,
  timeZone: string,
  location: GeoLocation | null,
): Date | null {
  if (schedule.kind === 'astro') {
    if (!location || !schedule.astroEvent) return null;
    const at = astroTime(date, schedule.astroEvent, location, timeZone, schedule.astroShift ?? 0);
    return at && at > from ? at : null;
  }
  const seed = schedule.seed ?? 0;
  const key = `${date.year}-${date.month}-${date.day}`;
  const start = zonedParts(from, timeZone);
  const sameDay = start.year === date.year && start.month === date.month && start.day === date.day;
  for (const hour of expandHour(schedule.hour, seed, key)) {
    if (sameDay && hour < start.hour) continue;
    for (const minute of expandMinute(schedule.minute, seed, `${key}-${hour}`)) {
      if (sameDay && hour === start.hour && minute < start.minute) continue;
      for (const second of expandMinute(schedule.second, seed, `${key}-${hour}-${minute}`)) {
        const at = zonedTime({ ...date, hour, minute, second }, timeZone);
        if (at > from) return at;
      }
    }
  }
  return null;
}

/**
 * The next time a schedule or astro timer fires strictly after `from`, in the network's time zone;
 * astro timers need the network's location (null without one). Null when it never fires again.
 */
export function nextRun(
  schedule: RunnableSchedule,
  from: Date,
  timeZone: string,
  location: GeoLocation | null,
): Date | null {
  if (schedule.kind === 'astro' && !location) return null;
  const local = zonedParts(from, timeZone);
  // Astro timers start a day early: a shifted sunset can fall after midnight of the previous date.
  let date: CivilDate | null = schedule.kind === 'astro' ? addDays(local, -1) : local;
  for (let step = 0; date && step < MAX_STEPS; step += 1) {
    if (matchesDate(schedule, { ...date, weekday: isoWeekday(date.year, date.month, date.day) })) {
      const at = firstOnDay(schedule, date, from, timeZone, location);
      if (at) return at;
      date = addDays(date, 1);
    } else {
      date = skipAhead(schedule, date);
    }
  }
  return null;
}

/**
 * Minute slots (ISO `YYYY-MM-DDTHH:MM`, UTC) in which a schedule fires within (`after`, `until`]: a
 * schedule acts at most once per minute, whatever its seconds say.
 */
export function firingMinutes(
  schedule: RunnableSchedule,
  after: Date,
  until: Date,
  timeZone: string,
  location: GeoLocation | null,
): string[] {
  const minutes: string[] = [];
  let from = after;
  for (let at = nextRun(schedule, from, timeZone, location); at && at <= until; ) {
    minutes.push(at.toISOString().slice(0, 16));
    from = new Date(Math.floor(at.getTime() / 60_000) * 60_000 + 59_999);
    at = nextRun(schedule, from, timeZone, location);
  }
  return minutes;
}

/**
 * The next `count` firings strictly after `from`, one per minute at most (the scheduler acts once per
 * minute), computed in the network's time zone so they stay right across a daylight-saving change.
 */
export function nextRuns(
  schedule: RunnableSchedule,
  from: Date,
  timeZone: string,
  location: GeoLocation | null,
  count: number,
): Date[] {
  const runs: Date[] = [];
  let after = from;
  for (let at = nextRun(schedule, after, timeZone, location); at && runs.length < count; ) {
    runs.push(at);
    after = new Date(Math.floor(at.getTime() / 60_000) * 60_000 + 59_999);
    if (runs.length < count) at = nextRun(schedule, after, timeZone, location);
  }
  return runs;
}
