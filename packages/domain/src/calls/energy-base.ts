import { z } from 'zod';
import { CO2_FACTOR_SETS } from '../energy/co2.ts';
import { CURRENCIES } from '../energy/price.ts';
import { IdSchema } from '../schemas/common.ts';
import { HundredthsSchema, LocalDateStringSchema, TariffBandSchema } from '../schemas/energy.ts';
import { defineCall } from './define.ts';

/** Id of one of the shipped CO2 factor sets (notes §3: immutable, chosen per network). */
export const FactorSetIdSchema = z
  .string()
  .max(64)
  .refine((id) => CO2_FACTOR_SETS.some((set) => set.id === id), 'one of the shipped CO2 factor sets');

/** A time-of-use band as stored and answered (mutable arrays, unlike the domain's `TariffBand`). */
export type TariffBandRecord = z.infer<typeof TariffBandSchema>;

/** A tariff version as added: from a local date in the network zone, price per kWh, optional charge and bands. */
export const TariffVersionAddSchema = z.strictObject({
  validFrom: LocalDateStringSchema,
  pricePerKWh: HundredthsSchema,
  currency: z.enum(CURRENCIES),
  standingChargePerDay: HundredthsSchema.nullable().default(null),
  bands: z.array(TariffBandSchema).max(48).default([]),
});
export type TariffVersionAdd = z.input<typeof TariffVersionAddSchema>;

/** Defaults of the energy estimate (section 9) where a device says nothing. */
export const EstimateDefaultsSchema = z.strictObject({
  /** Rated power of a luminaire without one, W; null: such luminaires are not estimated. */
  ratedPowerW: z.number().min(0.1).max(2_000).multipleOf(0.1).nullable(),
  /** Standby power of a luminaire that is off but powered, W (0.5 W when not set). */
  standbyW: z.number().min(0).max(50).multipleOf(0.01),
});
export type EstimateDefaults = z.infer<typeof EstimateDefaultsSchema>;

/** A tariff version as answered: valid for local dates [validFrom, validTo), who added it and when. */
export const TariffVersionRowSchema = z.object({
  validFrom: z.string(),
  validTo: z.string().nullable(),
  pricePerKWh: z.number().int(),
  currency: z.enum(CURRENCIES),
  standingChargePerDay: z.number().int().nullable(),
  bands: z.array(TariffBandSchema),
  createdByName: z.string().nullable(),
  createdAt: z.number().int().nullable().describe('Added: epoch seconds, UTC; null for the opening version'),
  /** The caller may remove it now (an editor, a version not yet started, not the only one). */
  removable: z.boolean(),
});
export type TariffVersionRow = z.infer<typeof TariffVersionRowSchema>;

/** A network's energy base: price, tariff history, CO2 factor set and estimate defaults. */
export const EnergyBaseSchema = z.object({
  nid: IdSchema,
  name: z.string(),
  timeZone: z.string(),
  /** The network's local date now: versions from it on have not passed. */
  today: z.string(),
  /** Price per kWh valid today, hundredths, and its currency (the network list shows them). */
  electricityPrice: z.number().int(),
  currency: z.string(),
  versions: z.array(TariffVersionRowSchema),
  /** Chosen CO2 factor set; null while none is chosen. */
  factorSetId: z.string().nullable(),
  /**
   * The dated choices of factor set, oldest first: each converts the local days [validFrom, validTo), the
   * first also the days before it; a choice applies from the local day it was made (null: none chosen).
   */
  factorSetChoices: z.array(
    z.object({
      validFrom: LocalDateStringSchema,
      validTo: LocalDateStringSchema.nullable(),
      factorSetId: z.string().nullable(),
      createdByName: z.string().nullable(),
      createdAt: z
        .number()
        .int()
        .nullable()
        .describe('Chosen: epoch seconds, UTC; null for an opening choice not stored yet'),
    }),
  ),
  estimate: EstimateDefaultsSchema,
  /** The caller may change it (owner or installer). */
  canEdit: z.boolean(),
});
export type EnergyBase = z.infer<typeof EnergyBaseSchema>;

/**
 * A network's energy properties (page `/setting/price`, spec section 7 `myConsumeBase/nidList` and
 * `pro/update`): every member reads, owners and installers change (`docs/decisions.md`, "Tariff history").
 */
export const energyBaseCalls = {
  energyBaseList: defineCall({
    path: '/api/v1/network/myConsumeBase/nidList',
    auth: true,
    tag: 'network',
    summary:
      'Energy base of networks the caller belongs to: price valid today, tariff versions, CO2 factor set and estimate defaults (1013 if any is not theirs)',
    payload: { nids: z.array(IdSchema).min(1).max(100) },
    data: z.array(EnergyBaseSchema),
  }),
  energyBaseUpdate: defineCall({
    path: '/api/v1/network/pro/update',
    auth: true,
    tag: 'network',
    summary:
      "Change a network's energy properties (owner or installer): add a tariff version from today on, remove one not yet started, choose the CO2 factor set, set the estimate defaults",
    payload: {
      nid: IdSchema,
      addVersion: TariffVersionAddSchema.optional(),
      removeVersionFrom: LocalDateStringSchema.optional(),
      factorSetId: FactorSetIdSchema.nullable().optional(),
      estimate: EstimateDefaultsSchema.optional(),
    },
    data: EnergyBaseSchema,
    refine: [
      (p) =>
        p.addVersion !== undefined ||
        p.removeVersionFrom !== undefined ||
        p.factorSetId !== undefined ||
        p.estimate !== undefined,
      'Give at least one change.',
    ],
  }),
};
