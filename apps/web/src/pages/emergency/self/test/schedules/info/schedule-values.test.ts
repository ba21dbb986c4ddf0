import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../../../i18n';
import { minuteOfDayOf, newScheduleValues, toScheduleInput, whenText } from './schedule-values';

describe('self-test schedule values', () => {
  it('reads times of day and refuses what is not one', () => {
    expect(minuteOfDayOf('02:30')).toBe(150);
    expect(minuteOfDayOf('23:59')).toBe(1439);
    expect(minuteOfDayOf('24:00')).toBeNull();
    expect(minuteOfDayOf('')).toBeNull();
  });

  it('sends a monthly function test without month or duration, with the 15-minute maximum delay', () => {
    const input = toScheduleInput({ ...newScheduleValues(), name: ' Monthly ', day: 5, time: '02:00' });
    expect(input).toEqual({
      name: 'Monthly',
      enabled: true,
      testKind: 'function',
      day: 5,
      month: null,
      minuteOfDay: 120,
      durationKind: 'preset',
      durationMinutes: null,
      maxDelayMinutes: 15,
      stagger: 'zone',
      target: { kind: 'network' },
    });
  });

  it('sends a yearly custom duration test for chosen zones, and nothing while a zone is missing', () => {
    const values = {
      ...newScheduleValues('duration'),
      name: 'Yearly',
      month: 3,
      durationKind: 'custom' as const,
      durationMinutes: 90,
      targetKind: 'zone' as const,
      targetIds: [],
    };
    expect(toScheduleInput(values)).toBeNull();
    expect(toScheduleInput({ ...values, targetIds: [31] })).toMatchObject({
      testKind: 'duration',
      month: 3,
      durationKind: 'custom',
      durationMinutes: 90,
      target: { kind: 'zone', ids: [31] },
    });
  });

  it('says when a schedule runs, in the site zone', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(whenText(t, { testKind: 'function', day: 5, month: null, minuteOfDay: 120 }, 'Europe/Berlin', 'en')).toBe(
      'Every month on day 5 at 02:00 (Europe/Berlin)',
    );
    expect(whenText(t, { testKind: 'duration', day: 1, month: 3, minuteOfDay: 600 }, 'Europe/Berlin', 'en')).toBe(
      'Every year on 1 March at 10:00 (Europe/Berlin)',
    );
  });
});
