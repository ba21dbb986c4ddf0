import { describe, expect, it } from 'vitest';
import { astroTime } from './astro.ts';
import {
  decodeSchedule,
  encodeMonths,
  encodeSchedule,
  encodeWeekdays,
  expandHour,
  expandMinute,
  type ScheduleFields,
  type ScheduleForm,
} from './encoding.ts';
import { firingMinutes, nextRun, nextRuns, type RunnableSchedule } from './next-run.ts';
import { governingSchedule, isOverrideActive, isOverrideValueValid, overrideEndsAt } from './override.ts';
import { zonedParts, zonedTime } from './zoned-time.ts';

const every: ScheduleForm = {
  year: 'every',
  months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  day: 0,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  hour: 7,
  minute: 30,
  second: 0,
};

describe('schedule encoding (section 3)', () => {
  it.each<[string, Partial<ScheduleForm>, Partial<ScheduleFields>]>([
    ['every year, month and day', {}, { year: 100, month: 4095, day: 0, dayOfWeek: 127, hour: 7, minute: 30 }],
    ['year 2031', { year: 2031 }, { year: 31 }],
    ['year 2000', { year: 2000 }, { year: 0 }],
    ['January only', { months: [1] }, { month: 1 }],
    ['December only', { months: [12] }, { month: 2048 }],
    ['Monday only (bit 0)', { weekdays: [1] }, { dayOfWeek: 1 }],
    ['Sunday only (bit 6)', { weekdays: [7] }, { dayOfWeek: 64 }],
    ['weekdays Monday-Friday', { weekdays: [1, 2, 3, 4, 5] }, { dayOfWeek: 31 }],
    ['the 15th', { day: 15 }, { day: 15 }],
    ['every hour', { hour: 'every' }, { hour: 24 }],
    ['a random hour', { hour: 'random' }, { hour: 25 }],
    ['every minute', { minute: 'every' }, { minute: 60 }],
    ['every 15 minutes', { minute: 'every15' }, { minute: 61 }],
    ['every 20 minutes', { minute: 'every20' }, { minute: 62 }],
    ['a random minute', { minute: 'random' }, { minute: 63 }],
    ['every second', { second: 'every' }, { second: 60 }],
    ['a random second', { second: 'random' }, { second: 63 }],
  ])('%s', (_name, form, fields) => {
    const encoded = encodeSchedule({ ...every, ...form });
    expect(encoded).toMatchObject(fields);
    expect(decodeSchedule(encoded)).toEqual({ ...every, ...form });
  });

  it('masks: 4095 is every month and 127 every weekday', () => {
    expect(encodeMonths([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toBe(4095);
    expect(encodeWeekdays([1, 2, 3, 4, 5, 6, 7])).toBe(127);
    expect(encodeWeekdays([6, 7])).toBe(96);
  });

  it.each([
    [60, 60],
    [61, 4],
    [62, 3],
    [63, 1],
    [42, 1],
  ])('minute code %i fires %i times an hour', (code, times) => {
    expect(expandMinute(code, 1, 'k')).toHaveLength(times);
  });

  it('picks the same random hour for the same schedule and day, within 0-23', () => {
    const [a] = expandHour(25, 9, '2026-5-1');
    expect(expandHour(25, 9, '2026-5-1')).toEqual([a]);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThan(24);
    expect(expandHour(24, 9, 'x')).toHaveLength(24);
  });
});

const sched = (form: Partial<ScheduleForm>, extra: Partial<RunnableSchedule> = {}): RunnableSchedule => ({
  kind: 'schedule',
  ...encodeSchedule({ ...every, ...form }),
  ...extra,
});
const utc = (iso: string) => new Date(iso);

describe('nextRun', () => {
  it.each<[string, Partial<ScheduleForm>, string, string, string | null]>([
    ['daily 07:30 later today', {}, 'UTC', '2026-03-02T06:00:00Z', '2026-03-02T07:30:00.000Z'],
    ['daily 07:30 tomorrow', {}, 'UTC', '2026-03-02T07:30:00Z', '2026-03-03T07:30:00.000Z'],
    ['Berlin 07:30 in winter is 06:30 UTC', {}, 'Europe/Berlin', '2026-01-10T00:00:00Z', '2026-01-10T06:30:00.000Z'],
    ['Berlin 07:30 in summer is 05:30 UTC', {}, 'Europe/Berlin', '2026-07-10T00:00:00Z', '2026-07-10T05:30:00.000Z'],
    ['Sundays only', { weekdays: [7] }, 'UTC', '2026-03-02T00:00:00Z', '2026-03-08T07:30:00.000Z'],
    ['December only', { months: [12] }, 'UTC', '2026-03-02T00:00:00Z', '2026-12-01T07:30:00.000Z'],
    ['the 31st skips short months', { day: 31 }, 'UTC', '2026-04-01T00:00:00Z', '2026-05-31T07:30:00.000Z'],
    ['year 2028 only', { year: 2028, months: [2], day: 29 }, 'UTC', '2026-01-01T00:00:00Z', '2028-02-29T07:30:00.000Z'],
    ['a past year never runs', { year: 2020 }, 'UTC', '2026-01-01T00:00:00Z', null],
    [
      'every 15 minutes',
      { hour: 'every', minute: 'every15' },
      'UTC',
      '2026-03-02T10:16:00Z',
      '2026-03-02T10:30:00.000Z',
    ],
    [
      'every 20 minutes',
      { hour: 'every', minute: 'every20' },
      'UTC',
      '2026-03-02T10:41:00Z',
      '2026-03-02T11:00:00.000Z',
    ],
    ['every minute', { hour: 'every', minute: 'every' }, 'UTC', '2026-03-02T10:41:10Z', '2026-03-02T10:42:00.000Z'],
    [
      'every second',
      { hour: 'every', minute: 'every', second: 'every' },
      'UTC',
      '2026-03-02T10:41:10Z',
      '2026-03-02T10:41:11.000Z',
    ],
  ])('%s', (_name, form, timeZone, from, expected) => {
    expect(nextRun(sched(form), utc(from), timeZone, null)?.toISOString() ?? null).toBe(expected);
  });

  it('moves a time skipped by daylight saving forward (02:30 on the spring change in Berlin)', () => {
    const at = nextRun(sched({ hour: 2, minute: 30 }), utc('2026-03-29T00:00:00Z'), 'Europe/Berlin', null);
    expect(at?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zonedParts(at!, 'Europe/Berlin').hour).toBe(3);
  });

  it('reads wall-clock times back', () => {
    const wall = { year: 2026, month: 10, day: 25, hour: 12, minute: 0, second: 0 };
    expect(zonedParts(zonedTime(wall, 'America/New_York'), 'America/New_York')).toMatchObject(wall);
  });

  it('collects the minutes a schedule fires in a window, once per minute', () => {
    const schedule = sched({ hour: 'every', minute: 'every', second: 'every15' });
    const minutes = firingMinutes(schedule, utc('2026-03-02T10:00:30Z'), utc('2026-03-02T10:02:00Z'), 'UTC', null);
    expect(minutes).toEqual(['2026-03-02T10:00', '2026-03-02T10:01', '2026-03-02T10:02']);
  });
});

describe('astro timers (suncalc)', () => {
  const berlin = { latitude: 52.52, longitude: 13.405 };

  it('sunrise in Berlin on the summer solstice is about 04:43 local time', () => {
    const at = astroTime({ year: 2026, month: 6, day: 21 }, 'sunrise', berlin, 'Europe/Berlin')!;
    const local = zonedParts(at, 'Europe/Berlin');
    expect(local.hour * 60 + local.minute).toBeGreaterThanOrEqual(4 * 60 + 40);
    expect(local.hour * 60 + local.minute).toBeLessThanOrEqual(4 * 60 + 47);
  });

  it('applies the shift in minutes and finds the next sunset', () => {
    const timer: RunnableSchedule = { ...sched({}), kind: 'astro', astroEvent: 'sunset', astroShift: -30 };
    const at = nextRun(timer, utc('2026-06-21T00:00:00Z'), 'Europe/Berlin', berlin)!;
    const sunset = astroTime({ year: 2026, month: 6, day: 21 }, 'sunset', berlin, 'Europe/Berlin')!;
    expect(at.getTime()).toBe(sunset.getTime() - 30 * 60_000);
    expect(zonedParts(at, 'Europe/Berlin').hour).toBe(21);
  });

  it('has no run without a location, nor where the sun does not set (polar day)', () => {
    const timer: RunnableSchedule = { ...sched({ months: [6] }), kind: 'astro', astroEvent: 'sunset' };
    expect(nextRun(timer, utc('2026-06-01T00:00:00Z'), 'UTC', null)).toBeNull();
    expect(
      astroTime({ year: 2026, month: 6, day: 21 }, 'sunset', { latitude: 78.2, longitude: 15.6 }, 'UTC'),
    ).toBeNull();
  });
});

describe('manual override end (section 4)', () => {
  const start = utc('2026-03-02T10:00:00Z');
  it.each([
    ['never', null, null],
    ['countdown', 900, '2026-03-02T10:15:00.000Z'],
    ['holdTime', 300, '2026-03-02T10:05:00.000Z'],
    ['standbyTime', 60, '2026-03-02T10:01:00.000Z'],
    ['specificTime', 18 * 3600, '2026-03-02T18:00:00.000Z'],
    ['specificTime', 6 * 3600, '2026-03-03T06:00:00.000Z'],
  ] as const)('%s %s ends at %s', (mode, value, expected) => {
    expect(isOverrideValueValid(mode, value)).toBe(true);
    expect(overrideEndsAt(mode, value, start, 'UTC')?.toISOString() ?? null).toBe(expected);
  });

  it('refuses values that do not fit the mode', () => {
    expect(isOverrideValueValid('never', 5)).toBe(false);
    expect(isOverrideValueValid('countdown', null)).toBe(false);
    expect(isOverrideValueValid('countdown', 0)).toBe(false);
    expect(isOverrideValueValid('specificTime', 86_400)).toBe(false);
  });

  it('is governed by the schedule that fired last, else the lowest id, else none', () => {
    const morning = { id: 4, lastRunAt: utc('2026-03-02T08:00:00Z') };
    const evening = { id: 7, lastRunAt: utc('2026-03-01T18:00:00Z') };
    const never = { id: 2, lastRunAt: null };
    expect(governingSchedule([evening, morning, never])).toBe(morning);
    expect(governingSchedule([{ id: 9, lastRunAt: null }, never])).toBe(never);
    expect(governingSchedule([])).toBeNull();
  });

  it('is active until its end, and for ever without one', () => {
    const now = utc('2026-03-02T10:00:00Z');
    expect(isOverrideActive(null, now)).toBe(true);
    expect(isOverrideActive(utc('2026-03-02T10:00:01Z'), now)).toBe(true);
    expect(isOverrideActive(now, now)).toBe(false);
  });
});

describe('next firings across a daylight-saving change', () => {
  const daily = { kind: 'schedule' as const, ...encodeSchedule(every) };
  const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

  it('keeps 07:30 London time when the clocks go forward (29 March 2026)', () => {
    expect(iso(nextRuns(daily, new Date('2026-03-27T12:00:00Z'), 'Europe/London', null, 3))).toEqual([
      '2026-03-28T07:30:00.000Z',
      '2026-03-29T06:30:00.000Z',
      '2026-03-30T06:30:00.000Z',
    ]);
  });

  it('keeps 07:30 New York time when the clocks go back (1 November 2026)', () => {
    expect(iso(nextRuns(daily, new Date('2026-10-31T00:00:00Z'), 'America/New_York', null, 3))).toEqual([
      '2026-10-31T11:30:00.000Z',
      '2026-11-01T12:30:00.000Z',
      '2026-11-02T12:30:00.000Z',
    ]);
  });

  it('moves a time the spring change skips to after the gap, and fires a repeated time once', () => {
    const at0130 = { ...daily, hour: 1, minute: 30 };
    // 01:30 does not exist in London on 29 March: it fires at 02:30 BST (01:30 UTC).
    expect(iso(nextRuns(at0130, new Date('2026-03-28T12:00:00Z'), 'Europe/London', null, 2))).toEqual([
      '2026-03-29T01:30:00.000Z',
      '2026-03-30T00:30:00.000Z',
    ]);
    // 01:30 happens twice on 25 October; the schedule fires on one of them, then the next day.
    const autumn = nextRuns(at0130, new Date('2026-10-24T12:00:00Z'), 'Europe/London', null, 2);
    expect(autumn).toHaveLength(2);
    expect(autumn[1]!.toISOString()).toBe('2026-10-26T01:30:00.000Z');
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(autumn[0]!.toISOString());
  });

  it('answers one firing per minute and stops where the schedule does', () => {
    const everyMinute = { ...daily, hour: 24, minute: 60, second: 60 };
    expect(iso(nextRuns(everyMinute, new Date('2026-01-01T00:00:30Z'), 'UTC', null, 3))).toEqual([
      '2026-01-01T00:00:31.000Z',
      '2026-01-01T00:01:00.000Z',
      '2026-01-01T00:02:00.000Z',
    ]);
    const once = { ...daily, year: 26, month: encodeMonths([1]), day: 2 };
    expect(nextRuns(once, new Date('2026-01-01T00:00:00Z'), 'UTC', null, 3)).toHaveLength(1);
  });
});
