import { z } from 'zod';

/*
 * Schedule encoding of section 3. It is the Bluetooth mesh Scheduler register (Mesh Model specification,
 * Schedule Register), which the gateways and luminaires implement, read as follows:
 * - year 0-99 is 2000 + value; 100 means every year.
 * - month is a 12-bit mask, bit 0 January … bit 11 December; 4095 every month.
 * - day 0 means any day of the month (the weekday mask then decides: with 127 every day); 1-31 a date.
 *   A date and the weekday mask must both match.
 * - dayOfWeek is a 7-bit mask, bit 0 Monday … bit 6 Sunday (the mesh order); 127 all days.
 * - hour 0-23; 24 every hour; 25 once a day at a random hour.
 * - minute 0-59; 60 every minute; 61 every 15 minutes (0, 15, 30, 45); 62 every 20 minutes (0, 20, 40);
 *   63 once an hour at a random minute. second 0-59 and 60-63 alike (every second, every 15 s, every
 *   20 s, once a minute at a random second).
 * Astro timers keep the date fields and replace the time of day by sunrise or sunset plus a shift.
 */

/** Encoded special values. */
export const ScheduleCode = {
  everyYear: 100,
  everyMonth: 4095,
  anyDay: 0,
  everyWeekday: 127,
  everyHour: 24,
  randomHour: 25,
  everyMinute: 60,
  every15: 61,
  every20: 62,
  randomMinute: 63,
} as const;

/** The encoded date and time fields of a schedule as stored and sent. */
export const ScheduleFieldsShape = {
  year: z.number().int().min(0).max(100).default(100),
  month: z.number().int().min(1).max(4095).default(4095),
  day: z.number().int().min(0).max(31).default(0),
  dayOfWeek: z.number().int().min(1).max(127).default(127),
  hour: z.number().int().min(0).max(25).default(0),
  minute: z.number().int().min(0).max(63).default(0),
  second: z.number().int().min(0).max(63).default(0),
};
export const ScheduleFieldsSchema = z.object(ScheduleFieldsShape);
export type ScheduleFields = z.output<typeof ScheduleFieldsSchema>;

/** The hour of a friendly form: a clock hour, every hour, or a random hour once a day. */
export type HourChoice = number | 'every' | 'random';
/** A minute or second of a friendly form: a value, every one, every 15, every 20, or a random one. */
export type MinuteChoice = number | 'every' | 'every15' | 'every20' | 'random';

/** A schedule as people pick it: calendar months 1-12, ISO weekdays 1 (Monday) to 7 (Sunday). */
export interface ScheduleForm {
  year: 'every' | number;
  months: number[];
  day: number;
  weekdays: number[];
  hour: HourChoice;
  minute: MinuteChoice;
  second: MinuteChoice;
}

const MINUTE_CODES: Record<Exclude<MinuteChoice, number>, number> = {
  every: ScheduleCode.everyMinute,
  every15: ScheduleCode.every15,
  every20: ScheduleCode.every20,
  random: ScheduleCode.randomMinute,
};

/** Bit mask of calendar months 1-12 (bit 0 January). */
export function encodeMonths(months: readonly number[]): number {
  return months.reduce((mask, month) => (month >= 1 && month <= 12 ? mask | (1 << (month - 1)) : mask), 0);
}

/** Calendar months 1-12 of a month mask. */
export function decodeMonths(mask: number): number[] {
  return Array.from({ length: 12 }, (_, i) => i + 1).filter((month) => (mask & (1 << (month - 1))) !== 0);
}

/** Bit mask of ISO weekdays 1 (Monday, bit 0) to 7 (Sunday, bit 6). */
export function encodeWeekdays(weekdays: readonly number[]): number {
  return weekdays.reduce((mask, day) => (day >= 1 && day <= 7 ? mask | (1 << (day - 1)) : mask), 0);
}

/** ISO weekdays 1-7 of a weekday mask. */
export function decodeWeekdays(mask: number): number[] {
  return Array.from({ length: 7 }, (_, i) => i + 1).filter((day) => (mask & (1 << (day - 1))) !== 0);
}

/** The weekday bit of a date's ISO weekday (1 Monday … 7 Sunday). */
export const weekdayBit = (isoWeekday: number) => 1 << (isoWeekday - 1);

function encodeMinute(choice: MinuteChoice): number {
  return typeof choice === 'number' ? choice : MINUTE_CODES[choice];
}

function decodeMinute(value: number): MinuteChoice {
  const entry = Object.entries(MINUTE_CODES).find(([, code]) => code === value);
  return entry ? (entry[0] as MinuteChoice) : value;
}

/** Encodes a friendly schedule into the stored fields (section 3). */
export function encodeSchedule(form: ScheduleForm): ScheduleFields {
  return {
    year: form.year === 'every' ? ScheduleCode.everyYear : form.year - 2000,
    month: encodeMonths(form.months),
    day: form.day,
    dayOfWeek: encodeWeekdays(form.weekdays),
    hour: form.hour === 'every' ? ScheduleCode.everyHour : form.hour === 'random' ? ScheduleCode.randomHour : form.hour,
    minute: encodeMinute(form.minute),
    second: encodeMinute(form.second),
  };
}

/** Decodes stored fields back into the friendly form. */
export function decodeSchedule(fields: ScheduleFields): ScheduleForm {
  return {
    year: fields.year === ScheduleCode.everyYear ? 'every' : 2000 + fields.year,
    months: decodeMonths(fields.month),
    day: fields.day,
    weekdays: decodeWeekdays(fields.dayOfWeek),
    hour:
      fields.hour === ScheduleCode.everyHour
        ? 'every'
        : fields.hour === ScheduleCode.randomHour
          ? 'random'
          : fields.hour,
    minute: decodeMinute(fields.minute),
    second: decodeMinute(fields.second),
  };
}

/** Whether a local calendar date matches the date fields (year, month mask, day, weekday mask). */
export function matchesDate(
  fields: Pick<ScheduleFields, 'year' | 'month' | 'day' | 'dayOfWeek'>,
  date: { year: number; month: number; day: number; weekday: number },
): boolean {
  if (fields.year !== ScheduleCode.everyYear && date.year !== 2000 + fields.year) return false;
  if ((fields.month & (1 << (date.month - 1))) === 0) return false;
  if (fields.day !== ScheduleCode.anyDay && fields.day !== date.day) return false;
  return (fields.dayOfWeek & weekdayBit(date.weekday)) !== 0;
}

/** A stable pseudo-random number in 0..n-1 for a seed and a key (the "random hour/minute" codes). */
export function seededPick(seed: number, key: string, n: number): number {
  let hash = 2166136261 ^ seed;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return (hash >>> 0) % n;
}

/** Hours of a day an hour code fires at (random: one hour picked per day from `seedKey`). */
export function expandHour(code: number, seed: number, seedKey: string): number[] {
  if (code === ScheduleCode.everyHour) return Array.from({ length: 24 }, (_, i) => i);
  if (code === ScheduleCode.randomHour) return [seededPick(seed, `h${seedKey}`, 24)];
  return [code];
}

/** Minutes of an hour (or seconds of a minute) a minute or second code fires at. */
export function expandMinute(code: number, seed: number, seedKey: string): number[] {
  switch (code) {
    case ScheduleCode.everyMinute:
      return Array.from({ length: 60 }, (_, i) => i);
    case ScheduleCode.every15:
      return [0, 15, 30, 45];
    case ScheduleCode.every20:
      return [0, 20, 40];
    case ScheduleCode.randomMinute:
      return [seededPick(seed, `m${seedKey}`, 60)];
    default:
      return [code];
  }
}
