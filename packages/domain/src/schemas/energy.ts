import { z } from 'zod';
import type { FactorSet } from '../energy/co2.ts';
import { CURRENCIES } from '../energy/price.ts';
import type { Tariff, TariffBand, TariffVersion } from '../energy/tariff.ts';
import { IdSchema, text } from './common.ts';
import { EntityNameSchema } from './network.ts';

/** A local calendar date `YYYY-MM-DD` that exists (tariff versions are dated in the site zone). */
export const LocalDateStringSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2024-03-15')
  .refine((value) => {
    // The refinement also runs when the pattern failed: an unparseable value must not throw.
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'a date that exists');

/** A price or charge in hundredths of the currency unit (section 3: electricity price stored in hundredths). */
export const HundredthsSchema = z.number().int().min(0).max(100_000_000);

/** A time-of-use band: ISO weekdays 1-7, optional months 1-12, local [fromSecond, toSecond) of the day. */
export const TariffBandSchema = z.strictObject({
  weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  months: z.array(z.number().int().min(1).max(12)).min(1).max(12).optional(),
  fromSecond: z.number().int().min(0).max(86_399),
  toSecond: z.number().int().min(1).max(86_400),
  pricePerKWh: HundredthsSchema,
}) satisfies z.ZodType<TariffBand>;

/** One tariff version, valid for local dates [validFrom, validTo); a version is never edited, only added. */
export const TariffVersionSchema = z
  .strictObject({
    validFrom: LocalDateStringSchema,
    validTo: LocalDateStringSchema.nullable(),
    pricePerKWh: HundredthsSchema,
    standingChargePerDay: HundredthsSchema.optional(),
    bands: z.array(TariffBandSchema).max(48).optional(),
  })
  .refine((v) => v.validTo === null || v.validFrom < v.validTo, {
    message: 'validTo must be after validFrom',
    path: ['validTo'],
  }) satisfies z.ZodType<TariffVersion>;

const inOrderWithoutOverlap = (versions: readonly { validFrom: string; validTo: string | null }[]) =>
  versions.every((v, i) => {
    const next = versions[i + 1];
    return !next || (v.validTo !== null && v.validTo <= next.validFrom);
  });

/** Versions in date order, none overlapping the next (only the last may be open-ended). */
export const TariffVersionsSchema = z
  .array(TariffVersionSchema)
  .min(1)
  .max(200)
  .refine(inOrderWithoutOverlap, 'versions must be in date order without overlaps');

/** A tariff as created: a name, a currency and its versions (notes §4). */
export const TariffCreateSchema = z.strictObject({
  name: EntityNameSchema,
  currency: z.enum(CURRENCIES),
  versions: TariffVersionsSchema,
});
export type TariffCreate = z.infer<typeof TariffCreateSchema>;

/** A tariff as the API answers it. */
export const TariffSchema = z.object({
  id: IdSchema,
  name: z.string(),
  currency: z.enum(CURRENCIES),
  versions: TariffVersionsSchema,
  createdAt: z.number().int().describe('Created: epoch seconds, UTC'),
}) satisfies z.ZodType<Tariff>;
export type TariffRecord = z.infer<typeof TariffSchema>;

/** A grid emission factor set (notes §3): immutable; a correction is a new set with a new id. */
export const FactorSetSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'lower-case letters, digits and dashes'),
  region: z.string().regex(/^[A-Z]{2}(?:-[A-Z0-9]{1,3})?$/, 'an ISO 3166 code such as GB, or EU'),
  publisher: text(200, 1),
  edition: text(100, 1),
  dataYear: z.number().int().min(1990).max(2100).nullable(),
  gas: z.enum(['CO2', 'CO2e']),
  gramsPerKWh: z.number().min(0).max(2_000).multipleOf(0.01),
  unitNote: text(200, 1),
  sourceUrl: text(500, 1).nullable(),
  kind: z.enum(['spec-default', 'published']),
}) satisfies z.ZodType<FactorSet>;
export type FactorSetRecord = z.infer<typeof FactorSetSchema>;
