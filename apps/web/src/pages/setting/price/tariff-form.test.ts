import { describe, expect, it } from 'vitest';
import { clockTime, lastDayOf, toVersionAdd, workedExamples } from './tariff-form';

describe('tariff form values', () => {
  it('ends a version the day before the next one starts, across months and years', () => {
    expect(lastDayOf('2026-12-16')).toBe('2026-12-15');
    expect(lastDayOf('2026-03-01')).toBe('2026-02-28');
    expect(lastDayOf('2027-01-01')).toBe('2026-12-31');
  });

  it('turns prices into hundredths and keeps only bands with days', () => {
    expect(
      toVersionAdd({
        validFrom: '2026-12-15',
        price: 0.255,
        currency: 'EUR',
        standingCharge: 0.55,
        bands: [
          { weekdays: [5, 1], from: 25_200, to: 86_400, price: 0.45 },
          { weekdays: [], from: 0, to: 3600, price: 1 },
        ],
      }),
    ).toEqual({
      validFrom: '2026-12-15',
      pricePerKWh: 26,
      currency: 'EUR',
      standingChargePerDay: 55,
      bands: [{ weekdays: [1, 5], fromSecond: 25_200, toSecond: 86_400, pricePerKWh: 45 }],
    });
    expect(toVersionAdd({ validFrom: '2026-12-15', price: 0.3, currency: 'GBP' }).standingChargePerDay).toBeNull();
    expect([clockTime(0), clockTime(25_200), clockTime(86_400)]).toEqual(['00:00', '07:00', '24:00']);
  });

  it('prices 14:00 in the network zone on the first weekday and weekend day from the version date', () => {
    const band = { weekdays: [1, 2, 3, 4, 5], fromSecond: 7 * 3600, toSecond: 19 * 3600, pricePerKWh: 45 };
    // 2026-12-19 is a Saturday: the weekday example is the Monday after.
    const examples = workedExamples(
      { validFrom: '2026-12-19', pricePerKWh: 40, currency: 'EUR', bands: [band] },
      'Europe/London',
    );
    expect(examples.weekday).toEqual({
      date: { year: 2026, month: 12, day: 21 },
      hour: Date.parse('2026-12-21T14:00:00Z') / 1000,
      pricePerKWh: 45,
    });
    expect(examples.weekend).toMatchObject({ date: { year: 2026, month: 12, day: 19 }, pricePerKWh: 40 });
  });
});
