import { HARDWARE_KINDS, type HardwareKind } from '@lightwell/domain';
import { z } from 'zod';
import { SimEmergencySpecSchema } from './emergency-spec.ts';

/** Kinds of simulated mesh devices: the hardware kinds of the product catalogue (`packages/domain`). */
export const SIM_DEVICE_KINDS = HARDWARE_KINDS;
export type SimDeviceKind = HardwareKind;

/** A scene stored on a luminaire. */
const StoredSceneSchema = z.object({
  onOff: z.union([z.literal(0), z.literal(1)]),
  lightness: z.number().min(0).max(100),
  cct: z.number().int().optional(),
});
export type StoredScene = z.infer<typeof StoredSceneSchema>;

/** A device as configured (a fleet file lists these per gateway). */
export const SimDeviceSpecSchema = z.object({
  mac: z
    .string()
    .transform((value) => value.replace(/[:\-\s]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[0-9A-F]{12}$/)),
  address: z.number().int().min(1).max(0x7fff),
  kind: z.enum(SIM_DEVICE_KINDS),
  model: z.string().min(1).max(64),
  firmwareVersion: z.string().default('1.0.0'),
  hardwareVersion: z.string().default('A1'),
  serialNumber: z.string().default(''),
  /** Rated power in watts (luminaires; used for consumption reports and the D4i active power). */
  ratedPower: z.number().min(0).default(36),
  /** Light state at start. */
  onOff: z.union([z.literal(0), z.literal(1)]).default(1),
  lightness: z.number().min(0).max(100).default(80),
  cct: z.number().int().min(1000).max(20000).default(4000),
  /** Scenes already stored on the device, by scene number (at most 16). */
  scenes: z.record(z.string(), StoredSceneSchema).default({}),
  /** Per-device command latency in ms [min, max]; the gateway's latency when left out. */
  latencyMs: z.tuple([z.number().min(0), z.number().min(0)]).optional(),
  /** Emergency fittings: battery, test and time settings (defaults: 3 h rated, full, real time). */
  emergency: SimEmergencySpecSchema.optional(),
});
export type SimDeviceSpec = z.input<typeof SimDeviceSpecSchema>;

/** Number of scene slots on a luminaire (section 3: a luminaire belongs to at most 16 scenes). */
export const SCENE_SLOTS = 16;

/** Connection of a device to the mesh: reachable, known offline (answers `offline`), or lost (silent). */
export type MeshPresence = 'online' | 'offline' | 'lost';
