import { z } from 'zod';
import { D4iBankRawSchema, MacSchema } from './primitives.ts';

/**
 * Readings a gateway reports for energy reports (docs/gateway-protocol.md "Readings"; energy notes
 * section 1). Raw integers travel as the device sent them: a value of all-FF (MASK, absent) or all-FF
 * minus 1 (TMASK, temporarily unavailable) travels as such and is stored as "no reading", never as 0.
 */

/** Where an energy counter comes from: a D4i driver (Part 252 bank 202) or a mesh metering device. */
export const COUNTER_SOURCES = ['d4i', 'meter'] as const;
export type CounterSource = (typeof COUNTER_SOURCES)[number];

/** Width in bytes of each raw field: D4i energy 6 B, mesh meter (Precise Total Device Energy Use) 4 B, power 4 B. */
export const RAW_WIDTH = { d4i: 6, meter: 4, power: 4 } as const;

/** Largest raw value of a field `bytes` wide: all-FF, the MASK. */
export const maskOf = (bytes: number) => 2 ** (8 * bytes) - 1;

/** Whether a raw value is MASK (`absent`), TMASK (`unavailable`) or a reading (`null`). */
export function absentKind(raw: number, bytes: number): 'absent' | 'unavailable' | null {
  const mask = maskOf(bytes);
  if (raw === mask) return 'absent';
  if (raw === mask - 1) return 'unavailable';
  return null;
}

/**
 * An energy counter as the driver or meter holds it: value in Wh = raw × 10^scale. A metering device's
 * Precise Total Device Energy Use (0.001 kWh units) travels with scale 0, source `meter`.
 */
export const EnergyCounterSchema = z.object({
  raw: z.number().int().min(0).max(maskOf(RAW_WIDTH.d4i)),
  scale: z.number().int().min(-6).max(6),
  /** The driver's (or meter's) serial number: a new one means a swapped driver, a new counter segment. */
  serial: z.string().max(64),
  source: z.enum(COUNTER_SOURCES),
});
export type EnergyCounter = z.infer<typeof EnergyCounterSchema>;

/** Active power in W = raw × 10^scale (D4i bank 202, 4 B, or the meter's present power). */
export const PowerReadingSchema = z.object({
  raw: z.number().int().min(0).max(maskOf(RAW_WIDTH.power)),
  scale: z.number().int().min(-6).max(6),
});
export type PowerReading = z.infer<typeof PowerReadingSchema>;

/** What one element reported for the interval that ends at the report's `at`. */
export const ElementReadingSchema = z.object({
  index: z.number().int().min(0).max(31),
  /** Cumulative energy counter at `at`. */
  energy: EnergyCounterSchema.optional(),
  /** Active power at `at`. */
  power: PowerReadingSchema.optional(),
  /** Seconds the light was on in the interval. */
  onSeconds: z.number().int().min(0).optional().describe('Light on in the interval, duration in seconds'),
  /**
   * The light level the element reported (its state's `lightness`, the control level 0-100), averaged over
   * the seconds it was on in the interval, weighted by time. The estimate turns it into power through the
   * element's dimming curve (docs/gateway-protocol.md "Readings").
   */
  meanLightness: z
    .number()
    .min(0)
    .max(100)
    .optional()
    .describe('Reported lightness 0-100, time-weighted mean over the seconds on in the interval'),
  /** The D4i diagnostics bank (raw registers, decoded with `scaleD4iBank`). */
  d4i: D4iBankRawSchema.optional(),
  /** Sensor triggers in the interval. */
  triggers: z.number().int().min(0).optional(),
  /** Seconds the sensor saw the space occupied in the interval. */
  occupiedSeconds: z.number().int().min(0).optional().describe('Occupied in the interval, duration in seconds'),
});
export type ElementReading = z.infer<typeof ElementReadingSchema>;

/** One device's element readings. */
export const DeviceReadingSchema = z.object({
  mac: MacSchema,
  elements: z.array(ElementReadingSchema).min(1).max(32),
});
export type DeviceReading = z.infer<typeof DeviceReadingSchema>;

/** Console → gateway on the command topic: every report up to and including `storedUpTo` is committed. */
export const ReportConfirmSchema = z.object({ storedUpTo: z.number().int().min(0) });
export type ReportConfirm = z.infer<typeof ReportConfirmSchema>;

/** Console → gateway on the command topic: send the reports `from`..`to` again (or report them lost). */
export const ResendRequestSchema = z.object({
  resend: z.object({ from: z.number().int().min(0), to: z.number().int().min(0) }),
});
export type ResendRequest = z.infer<typeof ResendRequestSchema>;
