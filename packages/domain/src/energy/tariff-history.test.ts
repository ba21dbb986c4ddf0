import { describe, expect, it } from 'vitest';
import { priceOfHour } from './tariff.ts';
import {
  canAddTariffVersion,
  canRemoveTariffVersion,
  type DatedTariffVersion,
  datedVersionOn,
  localDateString,
  tariffOf,
  withValidTo,
} from './tariff-history.ts';

const version = (validFrom: string, pricePerKWh: number, extra: Partial<DatedTariffVersion> = {}) =>
  ({ validFrom, pricePerKWh, currency: 'EUR', standingChargePerDay: null, bands: [], ...extra }) as DatedTariffVersion;

describe('tariff history (issue /setting/price)', () => {
  it('each version runs until the next one starts; earlier days keep their price', () => {
    const versions = [version('2026-12-15', 40), version('2026-01-01', 30)];
    expect(withValidTo(versions).map((v) => [v.validFrom, v.validTo])).toEqual([
      ['2026-01-01', '2026-12-15'],
      ['2026-12-15', null],
    ]);
    expect(datedVersionOn(versions, '2026-12-14')?.pricePerKWh).toBe(30);
    expect(datedVersionOn(versions, '2026-12-15')?.pricePerKWh).toBe(40);
    expect(datedVersionOn(versions, '2025-12-31')).toBeNull();
  });

  it('reads the local date in the network zone', () => {
    const instant = Date.parse('2026-11-26T23:30:00Z') / 1000;
    expect(localDateString(instant, 'UTC')).toBe('2026-11-26');
    expect(localDateString(instant, 'Europe/Berlin')).toBe('2026-11-27');
    expect(localDateString(instant, 'America/New_York')).toBe('2026-11-26');
  });

  it('prices each hour at the version valid that day, with its bands', () => {
    const band = { weekdays: [1, 2, 3, 4, 5], fromSecond: 7 * 3600, toSecond: 19 * 3600, pricePerKWh: 45 };
    const tariff = tariffOf([version('2026-01-01', 30), version('2026-12-15', 40, { bands: [band] })], 'EUR');
    const hour = (iso: string) => Date.parse(iso) / 1000;
    expect(priceOfHour(tariff, hour('2026-12-14T14:00:00Z'), 'UTC')?.pricePerKWh).toBe(30);
    expect(priceOfHour(tariff, hour('2026-12-15T14:00:00Z'), 'UTC')?.pricePerKWh).toBe(45);
    expect(priceOfHour(tariff, hour('2026-12-15T20:00:00Z'), 'UTC')?.pricePerKWh).toBe(40);
    expect(priceOfHour(tariff, hour('2026-12-19T14:00:00Z'), 'UTC')?.pricePerKWh).toBe(40);
  });

  it('leaves versions in another currency unpriced', () => {
    const tariff = tariffOf([version('2026-01-01', 30), version('2026-06-01', 25, { currency: 'GBP' })], 'EUR');
    expect(tariff.versions).toEqual([{ validFrom: '2026-01-01', validTo: '2026-06-01', pricePerKWh: 30, bands: [] }]);
  });

  it('adds from today on, and removes only a version that has not started, never the first', () => {
    expect(canAddTariffVersion('2026-11-26', '2026-11-26')).toBe(true);
    expect(canAddTariffVersion('2026-11-25', '2026-11-26')).toBe(false);
    const versions = [{ validFrom: '2026-11-26' }, { validFrom: '2026-12-15' }];
    expect(canRemoveTariffVersion('2026-12-15', '2026-11-26', versions)).toBe(true);
    expect(canRemoveTariffVersion('2026-11-26', '2026-11-25', versions)).toBe(false);
    expect(canRemoveTariffVersion('2026-12-15', '2026-12-16', versions)).toBe(false);
    expect(canRemoveTariffVersion('2026-12-15', '2026-11-26', [{ validFrom: '2026-12-15' }])).toBe(false);
  });
});
