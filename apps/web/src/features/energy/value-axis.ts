/** Most decimals a value axis shows; finer steps than this are not drawn. */
const MAX_DIGITS = 6;

/**
 * Decimals a tick interval needs so that ticks on it read apart: 0.05 → 2, 0.25 → 2, 0.5 → 1, 2 → 0.
 * A label with fewer decimals than its interval repeats (0.1, 0.1, 0.2, 0.2 for steps of 0.05).
 */
export function intervalDigits(interval: number): number {
  for (let digits = 0; digits < MAX_DIGITS; digits += 1) {
    const scaled = Math.abs(interval) * 10 ** digits;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9 * Math.max(1, scaled)) return digits;
  }
  return MAX_DIGITS;
}

/**
 * A tick step for an axis spanning `span` in about `splitNumber` steps, rounded as ECharts rounds its
 * own: 1, 2, 3, 5 or 10 times a power of ten.
 */
export function niceInterval(span: number, splitNumber = 5): number {
  const rough = span / splitNumber;
  const exponent = Math.floor(Math.log10(rough));
  const fraction = rough / 10 ** exponent;
  const nice = fraction < 1.5 ? 1 : fraction < 2.5 ? 2 : fraction < 4 ? 3 : fraction < 7 ? 5 : 10;
  return Number((nice * 10 ** exponent).toFixed(Math.min(20, Math.max(0, -exponent))));
}

/** A value axis from 0 as drawn: its tick step, its top (a whole number of steps) and its label decimals. */
export interface ValueAxisScale {
  interval: number;
  max: number;
  digits: number;
}

/** The scale of a value axis from 0 up to `dataMax`; an empty or all-zero chart spans 0 to 1. */
export function valueAxisScale(dataMax: number, splitNumber = 5): ValueAxisScale {
  const top = Number.isFinite(dataMax) && dataMax > 0 ? dataMax : 1;
  const interval = niceInterval(top, splitNumber);
  const digits = intervalDigits(interval);
  const max = Number((Math.ceil(top / interval - 1e-9) * interval).toFixed(digits));
  return { interval, max, digits };
}

/**
 * The axis label formatter of a value axis with tick step `interval`: every tick with the decimals the
 * step needs, in the interface language by `formatNumber` (value, decimals).
 */
export function axisLabelFormatter(
  interval: number,
  formatNumber: (value: number, digits: number) => string,
): (value: number) => string {
  const digits = intervalDigits(interval);
  return (value) => formatNumber(value, digits);
}
