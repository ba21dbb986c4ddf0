import { zonedParts } from '../schedules/zoned-time.ts';
import { formatLocalDate, localDatesOf, type Period } from './periods.ts';
import type { Currency } from './price.ts';

/** A time-of-use band: on these ISO weekdays (1 Monday … 7 Sunday) and months, local [from, to) seconds of the day. */
export interface TariffBand {
  weekdays: readonly number[];
  /** Months 1-12 the band applies in; every month when absent. */
  months?: readonly number[];
  /** Local start, seconds after midnight (section 9: time stored as seconds from hh:mm). */
  fromSecond: number;
  /** Local end, exclusive; not after `fromSecond` means the band runs past midnight. */
  toSecond: number;
  /** Price per kWh in hundredths of the currency unit. */
  pricePerKWh: number;
}

/** One immutable version of a tariff, valid for local dates [validFrom, validTo) in the site zone. */
export interface TariffVersion {
  /** First local date, `YYYY-MM-DD`. */
  validFrom: string;
  /** First local date no longer covered; null while open-ended. */
  validTo: string | null;
  /** Price per kWh in hundredths of the currency unit, outside every band. */
  pricePerKWh: number;
  /** Standing charge per local day in hundredths of the currency unit. */
  standingChargePerDay?: number;
  /** Time-of-use bands; the last matching band wins. */
  bands?: readonly TariffBand[];
}

/** A tariff: a currency and its versions (notes §4). */
export interface Tariff {
  currency: Currency;
  versions: readonly TariffVersion[];
}

/** The version valid on a local date (`YYYY-MM-DD`), or null. */
export function versionOn(tariff: Tariff, date: string): TariffVersion | null {
  return tariff.versions.find((v) => v.validFrom <= date && (v.validTo === null || date < v.validTo)) ?? null;
}

function bandMatches(band: TariffBand, weekday: number, month: number, second: number): boolean {
  if (!band.weekdays.includes(weekday) || (band.months && !band.months.includes(month))) return false;
  return band.fromSecond < band.toSecond
    ? second >= band.fromSecond && second < band.toSecond
    : second >= band.fromSecond || second < band.toSecond;
}

/**
 * Price per kWh (hundredths) of the hour starting at `hour` (epoch s): the version valid on its local
 * date, then the last band matching its local weekday, month and time, else the version's price (notes §4).
 */
export function priceOfHour(
  tariff: Tariff,
  hour: number,
  timeZone: string,
): { pricePerKWh: number; version: TariffVersion } | null {
  const wall = zonedParts(new Date(hour * 1000), timeZone);
  const version = versionOn(tariff, formatLocalDate(wall));
  if (!version) return null;
  const second = wall.hour * 3600 + wall.minute * 60 + wall.second;
  const band = (version.bands ?? []).findLast((b) => bandMatches(b, wall.weekday, wall.month, second));
  return { pricePerKWh: band?.pricePerKWh ?? version.pricePerKWh, version };
}

/** Cost of a period in hundredths of the tariff's currency, and the energy it covers. */
export interface PeriodCost {
  currency: Currency;
  energyMWh: number;
  /** Energy cost, rounded once (half up) from the exact sum. */
  energyCost: number;
  standingCharge: number;
  days: number;
  total: number;
  /** Energy in hours no version covers: not priced. */
  unpricedMWh: number;
}

/**
 * Cost of a period (notes §4): Σ hourly energy × the price of its local hour, plus the standing charge
 * of each local day starting in the period at the version valid that day. Hours are UTC hours (epoch s
 * of their start) with mWh; hours outside the period are left out.
 */
export function costOfPeriod(
  tariff: Tariff,
  hours: readonly { hour: number; mWh: number }[],
  period: Period,
  timeZone: string,
): PeriodCost {
  let numerator = 0n;
  let energyMWh = 0;
  let unpricedMWh = 0;
  for (const { hour, mWh } of hours) {
    if (hour < period.start || hour >= period.end) continue;
    const price = priceOfHour(tariff, hour, timeZone);
    if (!price) {
      unpricedMWh += mWh;
      continue;
    }
    energyMWh += mWh;
    numerator += BigInt(mWh) * BigInt(price.pricePerKWh);
  }
  // mWh × hundredths per kWh = hundredths × 10^-6; round half up once.
  const energyCost = Number((numerator + 500_000n) / 1_000_000n);
  const dates = localDatesOf(period, timeZone);
  const standingCharge = dates.reduce(
    (sum, date) => sum + (versionOn(tariff, formatLocalDate(date))?.standingChargePerDay ?? 0),
    0,
  );
  return {
    currency: tariff.currency,
    energyMWh,
    energyCost,
    standingCharge,
    days: dates.length,
    total: energyCost + standingCharge,
    unpricedMWh,
  };
}
