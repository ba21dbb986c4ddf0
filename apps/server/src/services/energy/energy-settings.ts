import { type Currency, datedVersionOn, tariffOf } from '@lightwell/domain';
import type { NetworkRow } from '../../policies/access.ts';
import type { StoredChoice, StoredVersion } from '../../presenters/energy-base.ts';
import { type EnergySettings, factorSetsByDay } from './energy-figures.ts';

/** A network's row as the energy views need it. */
export type EnergyNetwork = NetworkRow;

/**
 * How a network's energy is priced and converted: its stored tariff versions in its currency (the first
 * version also prices readings from before it, as the best price known for them), each local day's CO2 with
 * the factor set chosen for it (the first choice also before it; without `choices`, the network's set from
 * the beginning), else the published one of the region of that day's currency for that day's year, and its
 * estimate defaults.
 */
export function energySettingsOf(
  network: EnergyNetwork,
  versions: readonly StoredVersion[],
  _at: number,
  choices: readonly StoredChoice[] = [],
): EnergySettings {
  const dated = versions.map((version, index) => ({
    ...version,
    validFrom: index === 0 ? '1970-01-01' : version.validFrom,
  }));
  const opening = [{ validFrom: '1970-01-01', factorSetId: network.factorSetId }];
  return {
    timeZone: network.timeZone,
    tariff: tariffOf(dated, network.currency as Currency),
    factorSetAt: factorSetsByDay(network.timeZone, choices.length > 0 ? choices : opening, (date) =>
      dated.length > 0 ? (datedVersionOn(dated, date) ?? dated[0]!).currency : network.currency,
    ),
    factorSetDates: choices.slice(1).map((choice) => choice.validFrom),
    standbyW: network.estimateStandbyW,
  };
}

/** Rounded to three decimals, as the energy views send figures. */
export const round3 = (value: number) => Math.round(value * 1000) / 1000;
