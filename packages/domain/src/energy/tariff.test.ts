import { describe, expect, it } from 'vitest';
import { localDay, localMonth, utcHoursOf } from './periods.ts';
import { costOfPeriod, priceOfHour, type Tariff, versionOn } from './tariff.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const LONDON = 'Europe/London';
const kWhEveryHour = (period: { start: number; end: number }) =>
  utcHoursOf(period).map((hour) => ({ hour, mWh: 1_000_000 }));
const H = 3600;

// Prices in pence (hundredths of a pound): 25 p/kWh and 50 p/day, then 30 p/kWh and 60 p/day from the 15th.
const changeOnThe15th: Tariff = {
  currency: 'GBP',
  versions: [
    { validFrom: '2024-01-01', validTo: '2024-03-15', pricePerKWh: 25, standingChargePerDay: 50 },
    { validFrom: '2024-03-15', validTo: null, pricePerKWh: 30, standingChargePerDay: 60 },
  ],
};

describe('tariff versions [validFrom, validTo) by local date (notes §4)', () => {
  it.each([
    ['2023-12-31', null],
    ['2024-01-01', 25],
    ['2024-03-14', 25],
    ['2024-03-15', 30],
    ['2030-01-01', 30],
  ])('%s → %s', (date, price) => {
    expect(versionOn(changeOnThe15th, date)?.pricePerKWh ?? null).toBe(price);
  });

  it('prices the last hour before the change at the old version, by local time', () => {
    expect(priceOfHour(changeOnThe15th, at('2024-03-14T23:00:00Z'), LONDON)?.pricePerKWh).toBe(25);
    expect(priceOfHour(changeOnThe15th, at('2024-03-15T00:00:00Z'), LONDON)?.pricePerKWh).toBe(30);
    // 14 March 23:00 UTC is already the 15th in Shanghai.
    expect(priceOfHour(changeOnThe15th, at('2024-03-14T23:00:00Z'), 'Asia/Shanghai')?.pricePerKWh).toBe(30);
  });
});

describe('cost of a period (acceptance check 6)', () => {
  it('charges March with a change on the 15th: two prices and a standing charge per day', () => {
    const march = localMonth(2024, 3, LONDON);
    const cost = costOfPeriod(changeOnThe15th, kWhEveryHour(march), march, LONDON);
    // 336 h × 25 p + 407 h × 30 p (31 March has 23 hours); 14 days × 50 p + 17 days × 60 p.
    expect(cost).toEqual({
      currency: 'GBP',
      energyMWh: 743_000_000,
      energyCost: 336 * 25 + 407 * 30,
      standingCharge: 14 * 50 + 17 * 60,
      days: 31,
      total: 20_610 + 1_720,
      unpricedMWh: 0,
    });
  });

  it('rounds once, from the exact sum', () => {
    const day = localDay({ year: 2024, month: 6, day: 3 }, LONDON);
    const hours = [0, 1, 2].map((i) => ({ hour: day.start + i * H, mWh: 20_000 }));
    // Each hour is 0.5 p; three of them 1.5 p → 2 p, not 3 × 1 p.
    expect(costOfPeriod(changeOnThe15th, hours, day, LONDON).energyCost).toBe(2);
  });

  it('leaves hours outside the period and hours no version covers unpriced', () => {
    const day = localDay({ year: 2023, month: 12, day: 31 }, LONDON);
    const cost = costOfPeriod(changeOnThe15th, [...kWhEveryHour(day), { hour: day.end, mWh: 5 }], day, LONDON);
    expect(cost).toMatchObject({ energyMWh: 0, unpricedMWh: 24_000_000, energyCost: 0, standingCharge: 0, days: 1 });
  });
});

describe('time-of-use bands: weekdays, local times, last match wins', () => {
  const weekdays = [1, 2, 3, 4, 5];
  const tou: Tariff = {
    currency: 'EUR',
    versions: [
      {
        validFrom: '2024-01-01',
        validTo: null,
        pricePerKWh: 15,
        standingChargePerDay: 40,
        bands: [
          { weekdays, fromSecond: 7 * H, toSecond: 23 * H, pricePerKWh: 30 },
          { weekdays, fromSecond: 16 * H, toSecond: 19 * H, pricePerKWh: 45 },
          { weekdays: [6, 7], months: [12], fromSecond: 22 * H, toSecond: 2 * H, pricePerKWh: 5 },
        ],
      },
    ],
  };

  it.each([
    ['Monday 06:00', '2024-06-03T04:00:00Z', 15],
    ['Monday 07:00', '2024-06-03T05:00:00Z', 30],
    ['Monday 16:00 (peak after day band)', '2024-06-03T14:00:00Z', 45],
    ['Monday 19:00', '2024-06-03T17:00:00Z', 30],
    ['Monday 23:00', '2024-06-03T21:00:00Z', 15],
    ['Saturday 12:00', '2024-06-08T10:00:00Z', 15],
    ['Saturday 23:00 in June', '2024-06-08T21:00:00Z', 15],
    ['Saturday 23:00 in December (past midnight band)', '2024-12-07T22:00:00Z', 5],
    ['Sunday 01:00 in December', '2024-12-08T00:00:00Z', 5],
    ['Sunday 02:00 in December', '2024-12-08T01:00:00Z', 15],
  ])('Madrid %s (%s) → %i', (_name, instant, price) => {
    expect(priceOfHour(tou, at(instant), 'Europe/Madrid')?.pricePerKWh).toBe(price);
  });

  const nightCheap: Tariff = {
    currency: 'GBP',
    versions: [
      {
        validFrom: '2024-01-01',
        validTo: null,
        pricePerKWh: 20,
        standingChargePerDay: 50,
        bands: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], fromSecond: 0, toSecond: 2 * H, pricePerKWh: 10 }],
      },
    ],
  };

  it.each([
    // 27 October 2024: 00:00, 01:00 (BST) and 01:00 (GMT) are in the band; 22 hours are not.
    [{ year: 2024, month: 10, day: 27 }, 25, 3 * 10 + 22 * 20],
    // 31 March 2024: 01:00 does not exist; only 00:00 is in the band.
    [{ year: 2024, month: 3, day: 31 }, 23, 1 * 10 + 22 * 20],
    [{ year: 2024, month: 6, day: 1 }, 24, 2 * 10 + 22 * 20],
  ])('prices each local hour of London %o (%i hours)', (date, length, energyCost) => {
    const day = localDay(date, LONDON);
    const cost = costOfPeriod(nightCheap, kWhEveryHour(day), day, LONDON);
    expect(cost.energyMWh).toBe(length * 1_000_000);
    expect(cost).toMatchObject({ energyCost, standingCharge: 50, days: 1, total: energyCost + 50 });
  });
});
