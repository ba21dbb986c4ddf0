import { describe, expect, it } from 'vitest';
import { CO2_FACTOR_SETS, co2Equivalents, co2Milligrams, factorSetById, pickFactorSet } from './co2.ts';

const MWH_PER_KWH = 1_000_000;

describe('CO2 factor sets (section 9, notes §3)', () => {
  it.each([
    ['spec-us', 443],
    ['spec-uk-2024', 191],
    ['spec-eu', 180],
    ['uk-desnz-2025', 177],
    ['uk-desnz-2024', 207.05],
    ['de-uba-2024', 363],
    ['cn-mee-2023', 530.6],
    ['es-ree-2019', 190],
  ])('%s is %f g/kWh', (id, grams) => {
    expect(factorSetById(id)?.gramsPerKWh).toBe(grams);
  });

  it('has unique ids, a publisher, a source and a unit note on every set, and cannot be changed', () => {
    expect(new Set(CO2_FACTOR_SETS.map((set) => set.id)).size).toBe(CO2_FACTOR_SETS.length);
    for (const set of CO2_FACTOR_SETS) expect(set.publisher && set.unitNote).toBeTruthy();
    for (const set of CO2_FACTOR_SETS)
      expect(set.kind === 'spec-default' || set.sourceUrl?.startsWith('http')).toBe(true);
    expect(Object.isFrozen(CO2_FACTOR_SETS) && Object.isFrozen(CO2_FACTOR_SETS[0])).toBe(true);
  });

  it.each([
    ['GB', 2025, 'uk-desnz-2025'],
    ['GB', 2024, 'uk-desnz-2024'],
    ['GB', 2026, 'uk-desnz-2025'],
    ['GB', 2020, 'uk-desnz-2023'],
    ['CN', 2022, 'cn-mee-2022'],
    ['DE', 2024, 'de-uba-2024'],
    ['EU', 2020, 'eu-eea-2018'],
    ['US', 2024, 'us-eia-2022'],
  ])('picks for %s in %i the set %s', (region, year, id) => {
    expect(pickFactorSet(region, year)?.id).toBe(id);
  });

  it('falls back to the specification default, or to nothing', () => {
    const specOnly = CO2_FACTOR_SETS.filter((set) => set.kind === 'spec-default');
    expect(pickFactorSet('US', 2024, specOnly)?.id).toBe('spec-us');
    expect(pickFactorSet('FR', 2024)).toBeNull();
  });
});

describe('grams of CO2 and their equivalents (section 9)', () => {
  it.each([
    [1 * MWH_PER_KWH, 443, 443_000],
    [1 * MWH_PER_KWH, 530.6, 530_600],
    [1_234, 443, 547],
    [1_234_567, 207.05, 255_617],
    [1, 177, 0],
  ])('%i mWh at %f g/kWh is %i mg', (mWh, gramsPerKWh, mg) => {
    expect(co2Milligrams(mWh, { gramsPerKWh })).toBe(mg);
  });

  it('turns 1,000 kWh at the US default (443 kg) into trees and gallons', () => {
    const grams = co2Milligrams(1000 * MWH_PER_KWH, factorSetById('spec-us')!) / 1000;
    expect(grams).toBe(443_000);
    const eq = co2Equivalents(grams);
    expect(eq.treeYears).toBeCloseTo(7.3833, 4);
    expect(eq.gasolineGallonsUs).toBeCloseTo(49.8481, 4);
  });

  it('turns 1,000 kWh at the UK 2024 default (191 kg) into litres of petrol', () => {
    const eq = co2Equivalents(191_000);
    expect(eq.petrolLitresUk).toBeCloseTo(82.684, 3);
    expect(eq.petrolLitresEu).toBeCloseTo(82.328, 3);
    expect(eq.treeYears).toBeCloseTo(3.1833, 4);
  });
});
