import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  nextCheck,
  nextScheduledRun,
  type SelfTestTiming,
  testWindow,
  windowsBetween,
} from './windows.ts';

const monthly = (over: Partial<SelfTestTiming> = {}): SelfTestTiming => ({
  testKind: 'function',
  day: 1,
  month: null,
  minuteOfDay: 10 * 60,
  ...over,
});
const yearly = (over: Partial<SelfTestTiming> = {}): SelfTestTiming => ({
  testKind: 'duration',
  day: 15,
  month: 6,
  minuteOfDay: 22 * 60,
  ...over,
});
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

describe('test windows in the site zone', () => {
  it.each([
    // Europe/London: GMT in January, BST (UTC+1) from 29 March 2026 01:00 UTC to 25 October 2026 01:00 UTC.
    ['Europe/London', 2026, 1, '2026-01-01T10:00:00.000Z', '2026-02-01T00:00:00.000Z'],
    ['Europe/London', 2026, 3, '2026-03-01T10:00:00.000Z', '2026-03-31T23:00:00.000Z'],
    ['Europe/London', 2026, 4, '2026-04-01T09:00:00.000Z', '2026-04-30T23:00:00.000Z'],
    ['Europe/London', 2026, 10, '2026-10-01T09:00:00.000Z', '2026-11-01T00:00:00.000Z'],
    // America/Santiago: UTC-3 in summer (January), UTC-4 from 5 April 2026 to 6 September 2026.
    ['America/Santiago', 2026, 1, '2026-01-01T13:00:00.000Z', '2026-02-01T03:00:00.000Z'],
    ['America/Santiago', 2026, 4, '2026-04-01T13:00:00.000Z', '2026-05-01T04:00:00.000Z'],
    ['America/Santiago', 2026, 9, '2026-09-01T14:00:00.000Z', '2026-10-01T03:00:00.000Z'],
  ])('%s %i-%i: opens %s, closes %s', (zone, year, month, start, end) => {
    const window = testWindow(monthly(), year, month, zone);
    expect(iso(window?.start)).toBe(start);
    expect(iso(window?.end)).toBe(end);
    expect(window?.kind).toBe('monthly');
  });

  it('a time skipped by the clock change moves forward by the gap (London, 29 March 01:30 → 02:30 BST)', () => {
    const window = testWindow(monthly({ day: 29, minuteOfDay: 90 }), 2026, 3, 'Europe/London');
    expect(iso(window?.start)).toBe('2026-03-29T01:30:00.000Z');
  });

  it('a yearly duration test has a window only in its month', () => {
    expect(testWindow(yearly(), 2026, 5, 'Europe/London')).toBeNull();
    const june = testWindow(yearly(), 2026, 6, 'Europe/London');
    expect(iso(june?.start)).toBe('2026-06-15T21:00:00.000Z');
    expect(iso(june?.end)).toBe('2026-06-30T23:00:00.000Z');
    expect(june?.kind).toBe('yearly');
  });

  it('lists twelve monthly windows and one yearly window in a year', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2027-01-01T00:00:00Z');
    expect(windowsBetween(monthly(), from, to, 'Europe/London')).toHaveLength(12);
    expect(windowsBetween(yearly(), from, to, 'Europe/London').map((w) => w.month)).toEqual([6]);
  });

  it('next run of a schedule; none when disabled', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(iso(nextScheduledRun(monthly(), now, 'Europe/London'))).toBe('2026-04-01T09:00:00.000Z');
    expect(nextScheduledRun(monthly({ enabled: false }), now, 'Europe/London')).toBeNull();
  });

  it('adds local days across a clock change at the same wall-clock time', () => {
    const before = new Date('2026-03-28T10:00:00Z');
    expect(iso(addLocalDays(before, 1, 'Europe/London'))).toBe('2026-03-29T09:00:00.000Z');
  });
});

describe('next check (spec section 4)', () => {
  const zone = 'Europe/London';
  it('is the earliest future monthly check in the current year', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    const check = nextCheck([monthly({ day: 20 }), monthly({ day: 12 }), yearly({ month: 5, day: 11 })], now, zone);
    expect(iso(check)).toBe('2026-05-12T09:00:00.000Z');
  });

  it('is the first entry of next year when none is left this year', () => {
    const now = new Date('2026-12-20T12:00:00Z');
    expect(iso(nextCheck([monthly({ day: 5 })], now, zone))).toBe('2027-01-05T10:00:00.000Z');
  });

  it('is none (N/A) without an enabled monthly schedule', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(nextCheck([], now, zone)).toBeNull();
    expect(nextCheck([yearly()], now, zone)).toBeNull();
    expect(nextCheck([monthly({ enabled: false })], now, zone)).toBeNull();
  });

  it('uses the site zone for the year: 31 Dec 23:30 in Santiago is still the old year', () => {
    const now = new Date('2027-01-01T02:30:00Z');
    expect(iso(nextCheck([monthly({ day: 1, minuteOfDay: 0 })], now, 'America/Santiago'))).toBe(
      '2027-01-01T03:00:00.000Z',
    );
  });
});
