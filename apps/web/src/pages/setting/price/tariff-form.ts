import {
  addDays,
  type Currency,
  formatLocalDate,
  isoWeekday,
  priceOfHour,
  priceToStored,
  type TariffBandRecord,
  type TariffVersionAdd,
  zonedTime,
} from '@lightwell/domain';

/** One time-of-use band as the form holds it: prices in currency units, times in seconds of the day. */
interface BandValues {
  weekdays: number[];
  from: number;
  /** End of the band, seconds; 86,400 is midnight at the end of the day. */
  to: number;
  price: number;
}

/** A new tariff version as the form holds it. */
export interface VersionValues {
  validFrom: string;
  price: number;
  currency: Currency;
  standingCharge?: number | null;
  bands?: BandValues[];
}

/** Band times offered, every half hour: 00:00 … 24:00 as seconds of the day. */
export const BAND_TIMES: readonly number[] = Array.from({ length: 49 }, (_, i) => i * 1800);

/** Seconds of the day as hh:mm (86,400 shows as 24:00). */
export function clockTime(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}`;
}

/**
 * The last day a version applies, `YYYY-MM-DD`: versions cover [validFrom, validTo), so `validTo` is
 * the next version's first day and the version ends the day before.
 */
export function lastDayOf(validTo: string): string {
  const [year, month, day] = validTo.split('-').map(Number) as [number, number, number];
  return formatLocalDate(addDays({ year, month, day }, -1));
}

/** The band as stored: prices in hundredths (sections 3 and 9). */
function toBand(band: BandValues): TariffBandRecord {
  return {
    weekdays: [...band.weekdays].sort((a, b) => a - b),
    fromSecond: band.from,
    toSecond: band.to,
    pricePerKWh: priceToStored(band.price),
  };
}

/** The `pro/update` version of what the form holds. */
export function toVersionAdd(values: VersionValues): TariffVersionAdd & { bands: TariffBandRecord[] } {
  const charge = values.standingCharge;
  return {
    validFrom: values.validFrom,
    pricePerKWh: priceToStored(values.price),
    currency: values.currency,
    standingChargePerDay: charge === undefined || charge === null ? null : priceToStored(charge),
    bands: (values.bands ?? []).filter((band) => band?.weekdays?.length).map(toBand),
  };
}

/** A worked example: the local date used and the price (hundredths) of 1 kWh in the hour from 14:00. */
export interface WorkedExample {
  date: { year: number; month: number; day: number };
  /** Start of the hour priced, epoch seconds. */
  hour: number;
  pricePerKWh: number;
}

/**
 * What 1 kWh costs at 14:00 local time on the first weekday (Monday-Friday) and the first weekend day on or
 * after `validFrom`, priced by the domain's `priceOfHour` with this version's price and bands.
 */
export function workedExamples(
  version: { validFrom: string; pricePerKWh: number; bands: readonly TariffBandRecord[]; currency: Currency },
  timeZone: string,
): { weekday: WorkedExample | null; weekend: WorkedExample | null } {
  const [year, month, day] = version.validFrom.split('-').map(Number) as [number, number, number];
  const tariff = {
    currency: version.currency,
    versions: [{ validFrom: version.validFrom, validTo: null, pricePerKWh: version.pricePerKWh, bands: version.bands }],
  };
  const first = (weekend: boolean): WorkedExample | null => {
    for (let i = 0; i < 7; i += 1) {
      const date = addDays({ year, month, day }, i);
      if (isoWeekday(date.year, date.month, date.day) >= 6 !== weekend) continue;
      const hour = zonedTime({ ...date, hour: 14, minute: 0, second: 0 }, timeZone).getTime() / 1000;
      const price = priceOfHour(tariff, hour, timeZone);
      return price ? { date, hour, pricePerKWh: price.pricePerKWh } : null;
    }
    return null;
  };
  return { weekday: first(false), weekend: first(true) };
}
