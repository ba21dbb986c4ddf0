import { describe, expect, it } from 'vitest';
import {
  hourOfWeek,
  localDateOf,
  localDatesOf,
  localDay,
  localMonth,
  localWeek,
  periodEndingAt,
  startOfLocalDay,
  utcHoursOf,
} from './periods.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const hours = (period: { start: number; end: number }) => (period.end - period.start) / 3600;

describe('local days across daylight-saving changes (notes §5)', () => {
  it.each([
    ['Europe/London', { year: 2024, month: 3, day: 31 }, '2024-03-31T00:00:00.000Z', 23],
    ['Europe/London', { year: 2024, month: 10, day: 27 }, '2024-10-26T23:00:00.000Z', 25],
    ['Europe/London', { year: 2024, month: 7, day: 1 }, '2024-06-30T23:00:00.000Z', 24],
    // Santiago skips midnight: 7 September 23:59:59 -04 is followed by 8 September 01:00 -03.
    ['America/Santiago', { year: 2024, month: 9, day: 8 }, '2024-09-08T04:00:00.000Z', 23],
    // Santiago repeats 23:00 on 6 April: that day has 25 hours.
    ['America/Santiago', { year: 2024, month: 4, day: 6 }, '2024-04-06T03:00:00.000Z', 25],
    ['America/Santiago', { year: 2024, month: 4, day: 7 }, '2024-04-07T04:00:00.000Z', 24],
    // Havana repeats midnight: the day starts at the first 00:00.
    ['America/Havana', { year: 2024, month: 11, day: 3 }, '2024-11-03T04:00:00.000Z', 25],
  ])('%s %o starts at %s and lasts %i hours', (zone, date, start, length) => {
    const day = localDay(date, zone);
    expect(iso(day.start)).toBe(start);
    expect(hours(day)).toBe(length);
    expect(localDateOf(day.start, zone)).toEqual(date);
    expect(localDateOf(day.end - 1, zone)).toEqual(date);
  });

  it('starts a day whose midnight does not exist at its first valid instant, 01:00 local', () => {
    const start = startOfLocalDay({ year: 2024, month: 9, day: 8 }, 'America/Santiago');
    expect(localDateOf(start - 1, 'America/Santiago')).toEqual({ year: 2024, month: 9, day: 7 });
  });
});

describe('months and weeks are sums of their hours and days', () => {
  it.each([
    ['Europe/London', 2024, 3, 743],
    ['Europe/London', 2024, 10, 745],
    ['Europe/London', 2024, 2, 696],
    ['America/Santiago', 2024, 9, 719],
    ['America/Santiago', 2024, 4, 721],
  ])('%s %i-%i has %i hours, equal to the sum of its days', (zone, year, month, expected) => {
    const period = localMonth(year, month, zone);
    expect(utcHoursOf(period)).toHaveLength(expected);
    const days = localDatesOf(period, zone);
    expect(days.reduce((sum, date) => sum + hours(localDay(date, zone)), 0)).toBe(expected);
  });

  it('gives the ISO week of the London change 169 hours, Monday first', () => {
    const week = localWeek({ year: 2024, month: 10, day: 24 }, 'Europe/London');
    expect(iso(week.start)).toBe('2024-10-20T23:00:00.000Z');
    expect(iso(week.end)).toBe('2024-10-28T00:00:00.000Z');
    expect(hours(week)).toBe(169);
  });

  it('counts a year of months as every hour of the year exactly once', () => {
    const total = Array.from({ length: 12 }, (_, i) => utcHoursOf(localMonth(2024, i + 1, 'America/Santiago')).length);
    expect(total.reduce((a, b) => a + b, 0)).toBe(366 * 24);
  });
});

describe('section 9 periods ending now', () => {
  it.each([
    ['12 hours', '2024-10-27T12:34:00Z', { unit: 'hour', count: 12 }, false, '2024-10-27T01:00:00.000Z', 12],
    ['1 day', '2024-10-27T12:00:00Z', { unit: 'day', count: 1 }, false, '2024-10-26T23:00:00.000Z', 25],
    ['recent 7 days', '2024-10-27T12:00:00Z', { unit: 'day', count: 7 }, false, '2024-10-20T23:00:00.000Z', 169],
    ['15 days', '2024-11-04T12:00:00Z', { unit: 'day', count: 15 }, false, '2024-10-20T23:00:00.000Z', 361],
    ['recent 30 days', '2024-07-30T12:00:00Z', { unit: 'day', count: 30 }, false, '2024-06-30T23:00:00.000Z', 720],
    ['90 days, complete', '2024-04-01T12:00:00Z', { unit: 'day', count: 90 }, true, '2024-01-02T00:00:00.000Z', 2159],
    ['180 days', '2024-06-28T12:00:00Z', { unit: 'day', count: 180 }, false, '2024-01-01T00:00:00.000Z', 4319],
    ['3 months', '2024-04-15T12:00:00Z', { unit: 'month', count: 3 }, false, '2024-02-01T00:00:00.000Z', 2159],
    ['6 months, complete', '2024-07-15T12:00:00Z', { unit: 'month', count: 6 }, true, '2024-01-01T00:00:00.000Z', 4367],
    ['12 months', '2024-12-15T12:00:00Z', { unit: 'month', count: 12 }, false, '2024-01-01T00:00:00.000Z', 8784],
  ] as const)('%s in London', (_name, now, span, complete, start, length) => {
    const period = periodEndingAt(at(now), span, 'Europe/London', complete);
    expect(iso(period.start)).toBe(start);
    expect(hours(period)).toBe(length);
  });

  it('ends a complete day in Santiago where the skipped-midnight day starts', () => {
    const period = periodEndingAt(at('2024-09-08T12:00:00Z'), { unit: 'day', count: 1 }, 'America/Santiago', true);
    expect(iso(period.start)).toBe('2024-09-07T04:00:00.000Z');
    expect(iso(period.end)).toBe('2024-09-08T04:00:00.000Z');
  });
});

describe('heat-map hour of week', () => {
  it.each([
    ['2024-10-20T23:00:00Z', 0],
    ['2024-10-27T00:00:00Z', 145],
    ['2024-10-27T01:00:00Z', 145],
    ['2024-10-27T22:59:59Z', 166],
    ['2024-10-27T23:00:00Z', 167],
  ])('London %s is cell %i', (instant, cell) => {
    expect(hourOfWeek(at(instant), 'Europe/London')).toBe(cell);
  });

  it('puts every hour of a week in one of 168 cells, the repeated hour twice', () => {
    const week = localWeek({ year: 2024, month: 10, day: 24 }, 'Europe/London');
    const cells = utcHoursOf(week).map((hour) => hourOfWeek(hour, 'Europe/London'));
    expect(new Set(cells).size).toBe(168);
    expect(cells.filter((cell) => cell === 145)).toHaveLength(2);
  });
});
