import { describe, expect, it } from 'vitest';
import { localeDefaults, timeFormatOf, weekdaysFrom, weekStartOf } from './locale-defaults.ts';

describe('a new account follows the browser locale', () => {
  it.each([
    ['en-US', 1, 7],
    ['en-GB', 2, 1],
    ['de-DE', 2, 1],
    ['de', 2, 1],
    ['es-ES', 2, 1],
    ['zh-CN', 0, 1],
    ['es-MX', 2, 7],
    ['fr-FR', 2, 1],
  ])('%s: time format %i, week starts on day %i', (tag, timeFormat, weekStart) => {
    expect(localeDefaults(tag)).toEqual({ timeFormat, weekStart });
  });

  it('keeps the defaults (m/d/y, Monday) for a missing or invalid tag', () => {
    expect(localeDefaults(undefined)).toEqual({ timeFormat: 1, weekStart: 1 });
    expect(localeDefaults('not a locale!')).toEqual({ timeFormat: 1, weekStart: 1 });
    expect(timeFormatOf('')).toBe(1);
    expect(weekStartOf(null)).toBe(1);
  });

  it('orders the week from its first day', () => {
    expect(weekdaysFrom(1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weekdaysFrom(7)).toEqual([7, 1, 2, 3, 4, 5, 6]);
    expect(weekdaysFrom(6)).toEqual([6, 7, 1, 2, 3, 4, 5]);
    expect(weekdaysFrom(0)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
