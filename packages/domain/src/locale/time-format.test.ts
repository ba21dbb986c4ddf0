import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date.ts';

describe('time formats (section 3: 0 y-m-d, 1 m/d/y, 2 d/m/y)', () => {
  const when = new Date(2026, 10, 3, 14, 5, 9);
  it.each([
    [0, '2026-11-03'],
    [1, '11/03/2026'],
    [2, '03/11/2026'],
    [7, '11/03/2026'], // unknown falls back to the default 1
  ])('format %i', (timeFormat, expected) => {
    expect(formatDate(when, timeFormat)).toBe(expected);
    expect(formatDateTime(when, timeFormat)).toBe(`${expected} 14:05:09`);
  });
});
