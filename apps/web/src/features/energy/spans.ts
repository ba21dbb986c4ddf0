import type { EnergySpan } from '@lightwell/domain';

/**
 * The periods a statistics page offers (spec section 9), in the contract's order: `ENERGY_SPANS` of
 * the energy calls, written out here because that module builds its zod schemas on load and the pages
 * need none (a test holds the two lists equal).
 */
export const PERIOD_SPANS = [
  '12h',
  '1d',
  '7d',
  '15d',
  '30d',
  '90d',
  '180d',
  '3m',
  '6m',
  '12m',
] as const satisfies readonly EnergySpan[];

/** The period a statistics page opens on: a whole week, so every hour of the week has a value. */
export const DEFAULT_SPAN: EnergySpan = '7d';

/** True for one of the periods the contract knows. */
export function isEnergySpan(value: string | null | undefined): value is EnergySpan {
  return (PERIOD_SPANS as readonly string[]).includes(value ?? '');
}

/** Catalogue key of a period's name ("Last 12 hours", "Today"...). */
export const spanKey = (span: EnergySpan) => `statistics.span.${span}` as const;
