import { describe, expect, it } from 'vitest';
import { hourOf, hourSpanOf, intervalIndexOf, isWithin } from './instants.ts';
import { localDay } from './periods.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('the hour and period an instant belongs to: half-open [start, end)', () => {
  it('files an instant at exactly the hour in that hour, a millisecond before it in the hour before', () => {
    expect(hourOf(at('2027-01-15T10:00:00.000Z'))).toBe(at('2027-01-15T10:00:00Z'));
    expect(hourOf(at('2027-01-15T09:59:59.999Z'))).toBe(at('2027-01-15T09:00:00Z'));
    expect(hourOf(at('2027-01-15T10:59:59.999Z'))).toBe(at('2027-01-15T10:00:00Z'));
    // Before 1970 too: the hour is the one whose start is at or before the instant.
    expect(hourOf(-0.001)).toBe(-3600);
  });

  it('holds its start and not its end', () => {
    const period = { start: at('2027-01-15T09:00:00Z'), end: at('2027-01-15T10:00:00Z') };
    expect(isWithin(period.start, period)).toBe(true);
    expect(isWithin(period.end - 0.001, period)).toBe(true);
    expect(isWithin(period.end, period)).toBe(false);
    expect(isWithin(period.start - 0.001, period)).toBe(false);
  });

  it('numbers intervals from the start, each holding its own start', () => {
    const start = at('2027-01-15T09:00:00Z');
    expect(intervalIndexOf(start, start, 60)).toBe(0);
    expect(intervalIndexOf(start + 59.999, start, 60)).toBe(0);
    expect(intervalIndexOf(start + 60, start, 60)).toBe(1);
    expect(intervalIndexOf(start - 0.001, start, 60)).toBe(-1);
  });

  it('counts by the hour the instants whose hour starts in the period', () => {
    const whole = { start: at('2027-01-15T09:00:00Z'), end: at('2027-01-15T12:00:00Z') };
    expect(hourSpanOf(whole)).toEqual(whole);
    // A local day in Kolkata (+05:30) runs 18:30 to 18:30 UTC: its hours are those from 19:00 to 19:00.
    const day = localDay({ year: 2027, month: 1, day: 15 }, 'Asia/Kolkata');
    expect(day.start).toBe(at('2027-01-14T18:30:00Z'));
    expect(hourSpanOf(day)).toEqual({ start: at('2027-01-14T19:00:00Z'), end: at('2027-01-15T19:00:00Z') });
  });
});
