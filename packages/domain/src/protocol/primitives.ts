import { z } from 'zod';

/* Field schemas shared by the protocol's messages (messages.ts, readings.ts). */

/** A MAC address as 12 hexadecimal digits, upper case, without separators (section 5: hexadecimal). */
export const MacSchema = z
  .string()
  .transform((value) => value.replace(/[:\-\s]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]{12}$/, 'a MAC address of 12 hexadecimal digits'));

/** Raw D4i bank values as the driver sends them (scaled by `scaleD4iBank`, section 9). */
export const D4iBankRawSchema = z.object({
  gearPowerFactor: z.number().int().min(0).max(100),
  gearExternalVoltage: z.number().int().min(0).max(65535),
  gearTemperature: z.number().int().min(0).max(255),
  lightSourceVoltage: z.number().int().min(0).max(65535),
  lightSourceCurrent: z.number().int().min(0).max(65535),
  lightSourceTemperature: z.number().int().min(0).max(255),
  ratedLifeOfLuminaire: z.number().int().min(0).max(65535),
  gearReferenceTemperature: z.number().int().min(0).max(255),
  ratedLightSourceStarts: z.number().int().min(0).max(65535),
  activePowerValue: z.number().min(0),
  gearOperatingTime: z.number().int().min(0).describe('Control gear operating time, duration in seconds'),
  typeArray: z.array(z.number().int()).max(32).default([]),
});
