import { describe, expect, it } from 'vitest';
import { CO2_FACTOR_SETS } from '../energy/co2.ts';
import { FactorSetSchema, TariffCreateSchema, TariffVersionSchema } from './energy.ts';

const H = 3600;
const version = (validFrom: string, validTo: string | null, pricePerKWh = 25) => ({ validFrom, validTo, pricePerKWh });

describe('tariff schema (notes §4)', () => {
  it('accepts versions in order with a standing charge and bands', () => {
    const tariff = {
      name: 'Office supply',
      currency: 'GBP',
      versions: [
        { ...version('2024-01-01', '2024-03-15'), standingChargePerDay: 50 },
        {
          ...version('2024-03-15', null, 30),
          bands: [{ weekdays: [1, 2, 3, 4, 5], fromSecond: 7 * H, toSecond: 23 * H, pricePerKWh: 35 }],
        },
      ],
    };
    expect(TariffCreateSchema.parse(tariff)).toEqual(tariff);
  });

  it.each([
    ['overlapping versions', [version('2024-01-01', '2024-03-16'), version('2024-03-15', null)]],
    ['an open version before another', [version('2024-01-01', null), version('2024-03-15', null)]],
    ['versions out of order', [version('2024-03-15', '2024-04-01'), version('2024-01-01', '2024-03-15')]],
    ['no version', []],
  ])('refuses %s', (_name, versions) => {
    expect(TariffCreateSchema.safeParse({ name: 'T', currency: 'EUR', versions }).success).toBe(false);
  });

  it.each([
    ['a date that does not exist', version('2024-02-30', null)],
    ['a date that is not one', version('tomorrow', null)],
    ['validTo not after validFrom', version('2024-03-15', '2024-03-15')],
    ['a price with decimals', version('2024-03-15', null, 25.5)],
    ['a negative price', version('2024-03-15', null, -1)],
  ])('refuses a version with %s', (_name, value) => {
    expect(TariffVersionSchema.safeParse(value).success).toBe(false);
  });
});

describe('factor set schema (notes §3)', () => {
  it.each(CO2_FACTOR_SETS.map((set) => [set.id, set] as const))('accepts the shipped set %s', (_id, set) => {
    expect(FactorSetSchema.parse(set)).toEqual(set);
  });

  it('refuses a factor with more than two decimals or an unknown gas', () => {
    const base = CO2_FACTOR_SETS[0]!;
    expect(FactorSetSchema.safeParse({ ...base, gramsPerKWh: 443.123 }).success).toBe(false);
    expect(FactorSetSchema.safeParse({ ...base, gas: 'CH4' }).success).toBe(false);
  });
});
