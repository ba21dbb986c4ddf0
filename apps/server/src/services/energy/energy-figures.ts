import {
  apportion,
  baselineMWh,
  CO2_FACTOR_SETS,
  co2Equivalents,
  co2Milligrams,
  costOfPeriod,
  DEFAULT_STANDBY_W,
  datedVersionOn,
  type EnergyFigures,
  type EnergySource,
  type FactorSet,
  factorSetById,
  localDateString,
  type Period,
  pickFactorSet,
  type SavingsRow,
  savingsByCause,
  type Tariff,
} from '@lightwell/domain';
import { estimatedLuminaires, levelAssumptions, ratedPowersEstimated } from './energy-estimate-notes.ts';
import type { DeviceHour, EnergyDevice } from './energy-hours.ts';

/** Wh by source. */
export type SourceWh = Record<EnergySource, number>;

/** How a network's energy is priced and converted to CO2. */
export interface EnergySettings {
  timeZone: string;
  tariff: Tariff;
  /** The factor set in force at an instant: the one of its local day (`factorSetsByDay`). */
  factorSetAt: (at: number) => FactorSet;
  /** Local dates from which another factor set may apply (the choices after the first). */
  factorSetDates: readonly string[];
  /** Standby power of an estimated luminaire that is off but powered, W. */
  standbyW: number;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
/**
 * Whole mWh of a sum of Wh, half up. The sum is first taken to the µWh, so two sums of the same hours added
 * in another order (a heat map's cells, the overview's device-hours) round alike: floating-point noise of a
 * half-mWh estimate (0.0025 Wh has no exact binary form) never tips one of them the other way.
 */
export const toMWh = (wh: number) => Math.round(Math.round(wh * 1_000_000) / 1000);

/** A device's energy over `hours` (its hours only) in whole mWh: the sum of its per-source values. */
export function deviceTotalMWh(hours: readonly DeviceHour[]): number {
  let mWh = 0;
  for (const sums of whBySource(hours).values()) {
    for (const wh of sums) mWh += toMWh(wh);
  }
  return mWh;
}

/** Zero Wh for every source. */
export const noSource = (): SourceWh => ({ meter: 0, d4i: 0, estimate: 0 });

/**
 * Wh by source of device-hours: each device's energy over them (by its source) rounded once to the mWh,
 * then added up, so any grouping of devices (a zone, the network, a heat map's rows) adds up to the mWh
 * to what its devices give (`whBySource`).
 */
export function sumBySource(hours: readonly DeviceHour[]): SourceWh {
  let meter = 0;
  let d4i = 0;
  let estimate = 0;
  for (const sums of whBySource(hours).values()) {
    meter += toMWh(sums[0]);
    d4i += toMWh(sums[1]);
    estimate += toMWh(sums[2]);
  }
  return { meter: meter / 1000, d4i: d4i / 1000, estimate: estimate / 1000 };
}

/** Index of a source in `whBySource`'s sums. */
const SOURCE_INDEX: Record<DeviceHour['source'], 0 | 1 | 2> = { meter: 0, d4i: 1, estimate: 2 };

/**
 * Each device's Wh over `hours` by source (meter, D4i, estimate), added in the order of the rows: rounded
 * once to the mWh (`toMWh`, an estimate's hours are fractions of a mWh) they are the unit every energy
 * figure of a device set is a sum of.
 */
function whBySource(hours: readonly DeviceHour[]): Map<number, [number, number, number]> {
  const wh = new Map<number, [number, number, number]>();
  for (const row of hours) {
    let sums = wh.get(row.deviceId);
    if (!sums) {
      sums = [0, 0, 0];
      wh.set(row.deviceId, sums);
    }
    sums[SOURCE_INDEX[row.source]] += row.wh;
  }
  return wh;
}

/** Shares of each source in basis points adding up to 10,000 (0 everywhere when there is no energy). */
function shareOf(bySource: SourceWh): SourceWh {
  const total = bySource.meter + bySource.d4i + bySource.estimate;
  if (total <= 0) return noSource();
  const [meter, d4i, estimate] = apportion(10_000, [bySource.meter, bySource.d4i, bySource.estimate]);
  return { meter: meter!, d4i: d4i!, estimate: estimate! };
}

/**
 * The factor set of a network: the published set of its currency's region for the activity year, else the
 * specification's default for it, else the EU default (docs/decisions.md "Energy, cost and CO2 rules").
 */
function defaultFactorSet(currency: string, year: number): FactorSet {
  const region = { GBP: 'GB', USD: 'US', CNY: 'CN', CHF: 'EU' }[currency] ?? 'EU';
  return (
    pickFactorSet(region, year) ??
    CO2_FACTOR_SETS.find((set) => set.region === region) ??
    CO2_FACTOR_SETS.find((set) => set.id === 'spec-eu')!
  );
}

/**
 * The factor set of each local day, as a function of an instant (cached per instant, since rows share their
 * hours): the network's choice in force on the day (the first choice also covers the days before it), else
 * for a day with no set chosen the default of the currency valid on that day and the day's year
 * (docs/decisions.md "Tariff history").
 */
export function factorSetsByDay(
  timeZone: string,
  choices: readonly { validFrom: string; factorSetId: string | null }[],
  currencyOn: (date: string) => string,
): (at: number) => FactorSet {
  const cache = new Map<number, FactorSet>();
  return (at) => {
    const known = cache.get(at);
    if (known) return known;
    const date = localDateString(at, timeZone);
    const choice = datedVersionOn(choices, date) ?? choices[0];
    const set =
      (choice?.factorSetId ? factorSetById(choice.factorSetId) : null) ??
      defaultFactorSet(currencyOn(date), Number(date.slice(0, 4)));
    cache.set(at, set);
    return set;
  };
}

/**
 * CO2 of device-hours converted day by day with the set in force on each (rounded once per set), and of
 * the saving likewise; the figure names every set it used and, on top, the one in force at the period's end.
 */
function co2BySet(hours: readonly DeviceHour[], settings: EnergySettings, period: Period): EnergyFigures['co2'] {
  const bySet = new Map<FactorSet, DeviceHour[]>();
  for (const row of hours) {
    const set = settings.factorSetAt(row.hour);
    const rows = bySet.get(set) ?? [];
    rows.push(row);
    bySet.set(set, rows);
  }
  const last = settings.factorSetAt(Math.max(period.start, period.end - 1));
  if (bySet.size === 0) bySet.set(last, []);
  let mg = 0;
  let savedMg = 0;
  const sets = [...bySet].map(([set, rows]) => {
    const bySource = sumBySource(rows);
    const mWh = toMWh(round3(bySource.meter + bySource.d4i + bySource.estimate));
    const saved = rows.reduce(
      (sum, row) => (row.baselineWh > 0 ? sum + baselineMWh(row.baselineWh, 3600) - toMWh(row.wh) : sum),
      0,
    );
    const setMg = co2Milligrams(mWh, set);
    mg += setMg;
    savedMg += co2Milligrams(saved, set);
    return { ...setNamed(set), energyWh: mWh / 1000, grams: setMg / 1000 };
  });
  return { grams: mg / 1000, savedGrams: Math.max(0, savedMg) / 1000, ...setNamed(last), sets };
}

/** How a figure names its factor set: id, label and g/kWh. */
function setNamed(set: FactorSet): { factorSetId: string; factorLabel: string; gramsPerKWh: number } {
  return { factorSetId: set.id, factorLabel: factorLabel(set), gramsPerKWh: set.gramsPerKWh };
}

/** The label people read next to a CO2 figure: publisher, edition and data year. */
function factorLabel(set: FactorSet): string {
  return [set.publisher, set.edition, set.dataYear === null ? null : String(set.dataYear)].filter(Boolean).join(' · ');
}

/**
 * Saving attribution of one luminaire-hour (or -day): off-time is occupancy control where a sensor saw the
 * zone, else manual; on-time is dimming. A day splits by its on-time over the hours it reported in.
 */
function attribution(row: DeviceHour, sensed: boolean) {
  const span = row.reportedSeconds > 0 ? row.reportedSeconds : 3600;
  const off = Math.max(0, span - row.onSeconds) / span;
  const dimming = Math.min(span, row.onSeconds) / span;
  return sensed ? { occupancy: off, dimming } : { manual: off, dimming };
}

/**
 * The savings rows of device-hours: each luminaire-hour with a baseline, attributed (`attribution`) as sensed
 * where its zone has a motion sensor or any device of its zone saw occupancy or a trigger in that hour.
 */
function savingsRows(hours: readonly DeviceHour[], devices: readonly EnergyDevice[]): SavingsRow[] {
  const zoneOf = new Map(devices.map((device) => [device.id, device.zoneId]));
  // Hours with occupancy or a trigger by zone (devices of no zone, or of none known, are a zone of their own).
  const sensedHours = new Map<number | null | undefined, Set<number>>();
  for (const row of hours) {
    if (row.occupiedSeconds > 0 || row.triggers > 0) {
      const zone = zoneOf.get(row.deviceId);
      let sensed = sensedHours.get(zone);
      if (!sensed) {
        sensed = new Set();
        sensedHours.set(zone, sensed);
      }
      sensed.add(row.hour);
    }
  }
  const sensorZones = new Set(
    devices.filter((device) => device.kind === 'motionSensor').map((device) => device.zoneId),
  );
  const rows: SavingsRow[] = [];
  for (const row of hours) {
    if (!(row.baselineWh > 0)) continue;
    const zone = zoneOf.get(row.deviceId);
    const sensed = sensorZones.has(zone ?? null) || (sensedHours.get(zone)?.has(row.hour) ?? false);
    rows.push({
      ratedW: row.baselineWh,
      poweredSeconds: 3600,
      actualMWh: toMWh(row.wh),
      attribution: attribution(row, sensed),
    });
  }
  return rows;
}

/**
 * Energy, cost, CO2, savings and equivalents of device-hours over `period`, each figure with where it came
 * from: Wh by source and their shares, the tariff versions valid at each hour plus standing charges, the
 * factor set, the baseline of every luminaire at 100 % during the same hours, and the estimate's assumptions.
 * Rows may stand for whole local days (long periods): the energy is then priced by the day, which a tariff
 * without time-of-use bands prices as its hours; with bands, `costHours` gives the network's hourly energy.
 */
export function energyFigures(
  hours: readonly DeviceHour[],
  devices: readonly EnergyDevice[],
  settings: EnergySettings,
  period: Period,
  costHours?: readonly { hour: number; wh: number }[],
): EnergyFigures {
  const bySource = sumBySource(hours);
  const energyWh = round3(bySource.meter + bySource.d4i + bySource.estimate);
  const perHour = new Map<number, number>();
  for (const row of costHours ?? hours) perHour.set(row.hour, (perHour.get(row.hour) ?? 0) + row.wh);
  const cost = costOfPeriod(
    settings.tariff,
    [...perHour].map(([hour, wh]) => ({ hour, mWh: toMWh(wh) })),
    period,
    settings.timeZone,
  );
  const savings = savingsByCause(savingsRows(hours, devices));
  const co2 = co2BySet(hours, settings, period);
  return {
    energyWh,
    bySource,
    shareBasisPoints: shareOf(bySource),
    quarantinedWh: round3(hours.reduce((sum, row) => sum + row.quarantinedWh, 0)),
    spreadWh: round3(hours.reduce((sum, row) => sum + row.spreadWh, 0)),
    cost: {
      total: cost.total,
      energy: cost.energyCost,
      standing: cost.standingCharge,
      currency: settings.tariff.currency,
      unpricedWh: cost.unpricedMWh / 1000,
    },
    co2,
    savings: {
      baselineWh: savings.baselineMWh / 1000,
      savedWh: savings.savedMWh / 1000,
      byCause: Object.fromEntries(Object.entries(savings.byCause).map(([cause, mWh]) => [cause, mWh / 1000])),
    },
    equivalents: co2Equivalents(co2.savedGrams),
    assumptions:
      bySource.estimate > 0
        ? [
            ...ratedPowersEstimated(hours).map((watts) => ({ key: 'nominalPower', params: { watts } })),
            { key: 'estimatedLuminaires', params: { count: estimatedLuminaires(hours) } },
            ...levelAssumptions(hours),
            settings.standbyW === DEFAULT_STANDBY_W
              ? { key: 'standbyDefault', params: { watts: DEFAULT_STANDBY_W } }
              : { key: 'standbyPower', params: { watts: settings.standbyW } },
          ]
        : [],
  };
}

/** Whether any version of a tariff has time-of-use bands (its price then changes within a local day). */
export const hasBands = (tariff: Tariff) => tariff.versions.some((version) => (version.bands ?? []).length > 0);
