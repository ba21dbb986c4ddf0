import { describe, expect, it } from 'vitest';
import { formatInstant, formatInstantTime, zoneAbbreviation } from './format-instant.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('instants in a named time zone with its abbreviation', () => {
  it('reads a London instant as London time for anyone, to the minute', () => {
    // 25 November 2026, 10:44:42 UTC: GMT in London, EST in New York.
    const when = at('2026-11-25T10:44:42Z');
    expect(formatInstant(when, { timeZone: 'Europe/London', timeFormat: 2 })).toBe('25/11/2026 10:44 GMT');
    expect(formatInstant(when, { timeZone: 'America/New_York', timeFormat: 1 })).toBe('11/25/2026 05:44 EST');
    expect(formatInstant(when, { timeZone: 'Europe/London', timeFormat: 0, precision: 'second' })).toBe(
      '2026-11-25 10:44:42 GMT',
    );
  });

  it('follows London across the spring change (29 March 2026, 01:00 GMT becomes 02:00 BST)', () => {
    expect(formatInstantTime(at('2026-03-29T00:30:00Z'), 'Europe/London')).toBe('00:30 GMT');
    expect(formatInstantTime(at('2026-03-29T00:59:00Z'), 'Europe/London')).toBe('00:59 GMT');
    expect(formatInstantTime(at('2026-03-29T01:00:00Z'), 'Europe/London')).toBe('02:00 BST');
    expect(formatInstantTime(at('2026-03-29T01:30:00Z'), 'Europe/London')).toBe('02:30 BST');
  });

  it('follows London across the autumn change: 01:30 happens twice, once BST and once GMT', () => {
    expect(formatInstantTime(at('2026-10-25T00:30:00Z'), 'Europe/London')).toBe('01:30 BST');
    expect(formatInstantTime(at('2026-10-25T01:30:00Z'), 'Europe/London')).toBe('01:30 GMT');
  });

  it('follows New York across its changes (8 March and 1 November 2026)', () => {
    expect(formatInstantTime(at('2026-03-08T06:59:00Z'), 'America/New_York')).toBe('01:59 EST');
    expect(formatInstantTime(at('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('03:00 EDT');
    expect(formatInstantTime(at('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('01:30 EDT');
    expect(formatInstantTime(at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('01:30 EST');
  });

  it('names zones by their usual letters, or by their offset where none are usual', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    const summer = new Date('2026-07-15T12:00:00Z');
    expect(['Europe/Berlin', 'Europe/Madrid'].map((zone) => zoneAbbreviation(winter, zone))).toEqual(['CET', 'CET']);
    expect(zoneAbbreviation(summer, 'Europe/Berlin')).toBe('CEST');
    expect(zoneAbbreviation(summer, 'America/New_York')).toBe('EDT');
    expect(zoneAbbreviation(summer, 'Asia/Shanghai')).toBe('GMT+8');
    expect(zoneAbbreviation(summer, 'UTC')).toBe('UTC');
  });
});
