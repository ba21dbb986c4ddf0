/**
 * Electricity price stored in hundredths of the currency unit (sections 3 and 9: "stored in
 * hundredths, shown with two decimals"). 0.255 is stored as 26 (rounded half away from zero).
 */
export function priceToStored(price: number): number {
  return Math.sign(price) * Math.round(Math.abs(price) * 100);
}

/** The price a stored value stands for (stored / 100). */
export function storedToPrice(stored: number): number {
  return stored / 100;
}

/** A stored price shown with two decimals: 235 → "2.35". */
export function formatPrice(stored: number): string {
  return storedToPrice(stored).toFixed(2);
}

/** Currencies a network price may be given in. */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CNY', 'CHF', 'JPY', 'AUD', 'CAD', 'SEK', 'NOK', 'DKK', 'PLN'] as const;

/** A currency a price may be given in. */
export type Currency = (typeof CURRENCIES)[number];
