import { z } from 'zod';
import { Limits } from '../limits.ts';
import { MacSchema } from '../protocol/messages.ts';
import { IdSchema, text } from '../schemas/common.ts';
import { EntityNameSchema } from '../schemas/network.ts';
import { DEVICE_KINDS } from './device-kinds.ts';

/** One of the six device kinds. */
export const DeviceKindSchema = z.enum(DEVICE_KINDS);

/** A product model name as the catalogue holds it. */
export const ModelSchema = text(64, 1);

/** Epoch seconds (section 9: timestamps in seconds). */
const SecondsSchema = z.number().int().min(0).max(4_102_444_800);

/** Fields of a device a user sets (section 3 Device), shared by add and update. */
export const DeviceFieldsShape = {
  name: EntityNameSchema,
  serialNumber: text(64).optional(),
  manufacturer: text(64).optional(),
  supplier: text(64).optional(),
  firmwareVersion: text(32).optional(),
  hardwareVersion: text(32).optional(),
  /** Installation time, epoch seconds; null clears it. */
  installedAt: SecondsSchema.nullable()
    .optional()
    .describe('Installation day: epoch seconds, UTC at 00:00 of that day'),
  /** Rated power in watts; null clears it (the product's applies). */
  ratedPower: z.number().min(0).max(100_000).nullable().optional(),
  batteryType: text(32).optional(),
};

/** One virtual device in an add batch: kind, a catalogue model, a required hexadecimal MAC (section 5). */
export const DeviceAddRowSchema = z.strictObject({
  kind: DeviceKindSchema,
  model: ModelSchema,
  mac: MacSchema,
  ...DeviceFieldsShape,
});
export type DeviceAddRow = z.input<typeof DeviceAddRowSchema>;

/** Changes to a device: any of its fields; the MAC and model of virtual devices only. */
export const DeviceChangesSchema = z
  .strictObject({
    mac: MacSchema.optional(),
    model: ModelSchema.optional(),
    ...DeviceFieldsShape,
    name: EntityNameSchema.optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), 'nothing to change');
export type DeviceChanges = z.input<typeof DeviceChangesSchema>;

/** The list of devices to add: 1 to 10 rows (section 5/9). */
export const DeviceAddRowsSchema = z.array(DeviceAddRowSchema).min(1).max(Limits.batchItemsMax);

/** Section 4 sync state: 0 fully synchronized, 1 virtual modified, 2 real modified. */
export const SyncStateSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** A product sub-version (section 3 myOTAProductSubVersions). */
export const ProductSubVersionSchema = z.object({
  id: IdSchema,
  productId: IdSchema,
  hardwareVersion: z.string(),
  config: z.object({
    elements: z.array(
      z.object({ type: z.number().int(), isD4i: z.boolean().optional(), isLinear: z.boolean().optional() }),
    ),
  }),
});
export type ProductSubVersion = z.infer<typeof ProductSubVersionSchema>;

/** A catalogue product (section 3 myOTAProduct) with its icon file name. */
export const ProductSchema = z.object({
  id: IdSchema,
  model: z.string(),
  name: z.string(),
  kind: DeviceKindSchema,
  manufacturer: z.string(),
  /** Icon file name (32×32), or null for the kind's default icon. */
  icon: z.string().nullable(),
  ratedPower: z.number().nullable(),
  /** System products (seeded) are read-only; users change only products they added. */
  isSystem: z.boolean(),
  /** Whether the caller may change it (upload its icon). */
  editable: z.boolean(),
  subVersionCount: z.number().int(),
});
export type Product = z.infer<typeof ProductSchema>;

/** Fields of a product a user adds to the catalogue. */
export const ProductAddShape = {
  model: ModelSchema,
  name: EntityNameSchema,
  kind: DeviceKindSchema,
  manufacturer: text(64).optional(),
  ratedPower: z.number().min(0).max(100_000).nullable().optional(),
  /** Hardware sub-versions with their element layout. */
  subVersions: z
    .array(
      z.strictObject({
        hardwareVersion: text(32, 1),
        elements: z
          .array(
            z.strictObject({
              type: z.number().int().min(0).max(255),
              isD4i: z.boolean().optional(),
              isLinear: z.boolean().optional(),
            }),
          )
          .min(1)
          .max(32),
      }),
    )
    .max(20)
    .default([]),
};

/** A scaled D4i bank (section 9) as the detail shows it. */
export const D4iBankSchema = z.object({
  gearPowerFactor: z.number(),
  gearExternalVoltage: z.number(),
  gearTemperature: z.number(),
  lightSourceVoltage: z.number(),
  lightSourceCurrent: z.number(),
  lightSourceTemperature: z.number(),
  ratedLifeOfLuminaire: z.number(),
  gearReferenceTemperature: z.number(),
  ratedLightSourceStarts: z.number(),
  activePowerValue: z.number().nullable(),
  gearOperatingTime: z.number().nullable().describe('Control gear operating time, duration in seconds'),
  typeArray: z.array(z.number()),
});

/** An element with its decoded status (section 4). Times in epoch seconds. */
export const DeviceElementSchema = z.object({
  index: z.number().int(),
  type: z.number().int(),
  isD4i: z.boolean(),
  isLinear: z.boolean(),
  onOff: z.number().int(),
  lightness: z.number(),
  outputLevel: z.number(),
  cct: z.number().nullable(),
  health: z.enum(['normal', 'lampFault', 'driverFault', 'lampAndDriverFault']).nullable(),
  statusFlags: z.array(z.string()),
  d4i: D4iBankSchema.nullable(),
  bankAt: z.number().nullable().describe('D4i bank read: epoch seconds, UTC'),
  bankFresh: z.boolean(),
  mode: z.number().nullable(),
  faultBits: z.number().nullable(),
  lux: z.number().nullable(),
  triggeredAt: z.number().nullable().describe('Last trigger: epoch seconds, UTC'),
  problem: z.boolean(),
});
export type DeviceElement = z.infer<typeof DeviceElementSchema>;

/** A device in the list (section 3 Device). Times in epoch seconds. */
export const DeviceSummarySchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  gatewayId: z.number().int().nullable(),
  isVirtual: z.boolean(),
  kind: DeviceKindSchema,
  name: z.string(),
  model: z.string(),
  mac: z.string(),
  productId: z.number().int().nullable(),
  productIcon: z.string().nullable(),
  online: z.boolean(),
  /** For a virtual device, the real device bound to it; for a real device, the virtual device bound to it. */
  boundId: z.number().int().nullable(),
  boundName: z.string().nullable(),
  syncState: SyncStateSchema,
  /** Section 4 node flag: 3 offline, 2 a problem, 0 none. */
  nodeFlag: z.union([z.literal(0), z.literal(2), z.literal(3)]),
  sensorTriggerCount: z.number().int(),
  lastSeen: z.number().nullable().describe('Last heard from: epoch seconds, UTC'),
});
export type DeviceSummary = z.infer<typeof DeviceSummarySchema>;

/** Everything of one device (section 3 Device and its elements, product and binding). */
export const DeviceDetailSchema = DeviceSummarySchema.extend({
  firmwareVersion: z.string(),
  hardwareVersion: z.string(),
  serialNumber: z.string(),
  manufacturer: z.string(),
  supplier: z.string(),
  installedAt: z.number().nullable().describe('Installation day: epoch seconds, UTC at 00:00 of that day'),
  /** The device's rated power in watts, else its product's. */
  ratedPower: z.number().nullable(),
  batteryType: z.string(),
  /** Usage time in seconds. */
  usageSeconds: z.number().describe('Usage, duration in seconds'),
  address: z.number().int().nullable(),
  createTime: z.number().describe('Created: epoch seconds, UTC'),
  updateTime: z.number().describe('Last modification: epoch seconds, UTC'),
  product: ProductSchema.nullable(),
  subVersion: ProductSubVersionSchema.nullable(),
  elements: z.array(DeviceElementSchema),
  /** Whether the device is placed on the plan (number of nodes showing it). */
  nodeCount: z.number().int(),
});
export type DeviceDetail = z.infer<typeof DeviceDetailSchema>;

/** A motion or light sensor on the sensor page (4-9). */
export const SensorSummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  kind: DeviceKindSchema,
  model: z.string(),
  mac: z.string(),
  isVirtual: z.boolean(),
  online: z.boolean(),
  /**
   * Sensor trigger times (section 3): every stored trigger, or those of the period asked for (`span`), each
   * counted in the hour holding its stamp, [start, end) (docs/decisions.md, "Which hour a trigger belongs to").
   */
  triggerCount: z
    .number()
    .int()
    .describe(
      'Triggers: every stored one, or those of the period asked for (span), each in the UTC hour holding its stamp, [start, end)',
    ),
  /** Last trigger, epoch seconds. */
  lastTriggeredAt: z.number().nullable().describe('Last trigger: epoch seconds, UTC'),
  /** Latest lux reading of a light sensor. */
  lux: z.number().nullable(),
});
export type SensorSummary = z.infer<typeof SensorSummarySchema>;

/** Side of a product icon in pixels (section 5: device icon 32×32). */
export const PRODUCT_ICON_SIDE = 32;

/** An icon image sent as base64 (a 32×32 image is a few kB; 64 kB is ample). */
export const ProductIconDataSchema = z
  .string()
  .max(90_000)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

/** A product icon as the browser receives it. */
export const ProductIconSchema = z.object({
  productId: IdSchema,
  fileName: z.string(),
  mime: z.string(),
  /** The image bytes, base64. */
  data: z.string(),
});
export type ProductIcon = z.infer<typeof ProductIconSchema>;
