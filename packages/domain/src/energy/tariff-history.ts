import { formatLocalDate, localDateOf } from './periods.ts';
import type { Currency } from './price.ts';
import type { Tariff, TariffBand, TariffVersion } from './tariff.ts';

/**
 * A network's tariff version as stored: dated from a local date, open until the next version's date
 * (`docs/decisions.md`, "Tariff history"). Standing charge and bands are optional.
 */
export interface DatedTariffVersion {
  validFrom: string;
  pricePerKWh: number;
  currency: Currency;
  standingChargePerDay: number | null;
  bands: readonly TariffBand[];
}

/** The local date (`YYYY-MM-DD`) of an instant (epoch seconds) in a time zone. */
export function localDateString(at: number, timeZone: string): string {
  return formatLocalDate(localDateOf(at, timeZone));
}

/** Versions in date order, each valid until the next one's date; the last is open-ended. */
export function withValidTo<V extends { validFrom: string }>(
  versions: readonly V[],
): (V & { validTo: string | null })[] {
  const sorted = [...versions].sort((a, b) => (a.validFrom < b.validFrom ? -1 : a.validFrom > b.validFrom ? 1 : 0));
  return sorted.map((v, i) => ({ ...v, validTo: sorted[i + 1]?.validFrom ?? null }));
}

/** The version valid on a local date, or null before the first one. */
export function datedVersionOn<V extends { validFrom: string }>(versions: readonly V[], date: string): V | null {
  let found: V | null = null;
  for (const v of versions) if (v.validFrom <= date && (!found || v.validFrom > found.validFrom)) found = v;
  return found;
}

/**
 * The dated versions as a domain `Tariff` in one currency (for `priceOfHour` and `costOfPeriod`): versions
 * in another currency are left out, so their dates are simply not priced in this one.
 */
export function tariffOf(versions: readonly DatedTariffVersion[], currency: Currency): Tariff {
  const dated: TariffVersion[] = withValidTo(versions)
    .filter((v) => v.currency === currency)
    .map((v) => ({
      validFrom: v.validFrom,
      validTo: v.validTo,
      pricePerKWh: v.pricePerKWh,
      ...(v.standingChargePerDay === null ? {} : { standingChargePerDay: v.standingChargePerDay }),
      bands: v.bands,
    }));
  return { currency, versions: dated };
}

/**
 * Whether a version dated `validFrom` may be added on local date `today`: a change applies from its date
 * and never reprices a day that has passed, so it starts today or later (issue "/setting/price").
 */
export function canAddTariffVersion(validFrom: string, today: string): boolean {
  return validFrom >= today;
}

/**
 * Whether the version dated `validFrom` may be removed on local date `today`: only one that starts today or
 * later, and never the first (the days before the next version would lose their price).
 */
export function canRemoveTariffVersion(
  validFrom: string,
  today: string,
  versions: readonly { validFrom: string }[],
): boolean {
  return validFrom >= today && versions.some((v) => v.validFrom < validFrom);
}
