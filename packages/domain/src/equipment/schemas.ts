import { z } from 'zod';
import { DEVICE_KINDS } from '../devices/device-kinds.ts';
import { GRADES } from '../emergency/types.ts';

/*
 * Equipment statistics of a project's networks (page 2-9 `/project/report/networkEquip/statistic`, print
 * form `/report/networkEquipDataPDF`; docs/decisions.md "Equipment statistics"). Every figure is a count
 * of devices (or of emergency fittings) unless its name says otherwise.
 */

/** The six device kinds, and `other` for a device whose kind is none of them. */
export const EQUIPMENT_KINDS = [...DEVICE_KINDS, 'other'] as const;
export const EquipmentKindSchema = z.enum(EQUIPMENT_KINDS);
export type EquipmentKind = z.infer<typeof EquipmentKindSchema>;

/**
 * Age since installation, in whole years completed: under 1, 1 to under 3, 3 to under 5, 5 or more, and
 * devices without a known installation day.
 */
export const AGE_BUCKETS = ['underOne', 'oneToThree', 'threeToFive', 'fiveAndMore', 'unknown'] as const;
export const AgeBucketSchema = z.enum(AGE_BUCKETS);
export type AgeBucket = z.infer<typeof AgeBucketSchema>;

/** Battery state of an emergency fitting as last reported (`batteryStateOf`). */
export const BATTERY_STATES = ['full', 'charging', 'onBattery', 'fault', 'unknown'] as const;
export const BatteryStateSchema = z.enum(BATTERY_STATES);
export type BatteryState = z.infer<typeof BatteryStateSchema>;

/** Grade of a fitting's last test of one kind, or `never` when it has none. */
export const LAST_TEST_GRADES = [...GRADES, 'never'] as const;
export const LastTestGradeSchema = z.enum(LAST_TEST_GRADES);
export type LastTestGrade = z.infer<typeof LastTestGradeSchema>;

const devices = (what: string) => z.number().int().min(0).describe(`${what}: number of devices`);
const fittings = (what: string) => z.number().int().min(0).describe(`${what}: number of emergency fittings`);

/** Devices of one kind. */
export const KindRowSchema = z.object({
  kind: EquipmentKindSchema,
  devices: devices('Installed'),
  online: devices('Online'),
  offline: devices('Offline'),
  faulty: devices('Faulty'),
});
export type KindRow = z.infer<typeof KindRowSchema>;

/** Devices of one model. */
export const ModelRowSchema = z.object({
  model: z.string(),
  kind: EquipmentKindSchema,
  manufacturer: z.string(),
  devices: devices('Installed'),
  online: devices('Online'),
  offline: devices('Offline'),
  faulty: devices('Faulty'),
});
export type ModelRow = z.infer<typeof ModelRowSchema>;

/** Devices of one model reporting one firmware (or hardware) version; null when they report none. */
export const VersionRowSchema = z.object({
  model: z.string(),
  version: z.string().nullable(),
  devices: devices('Installed'),
});
export type VersionRow = z.infer<typeof VersionRowSchema>;

/** The device installed earliest. */
export const OldestDeviceSchema = z.object({
  deviceId: z.number().int(),
  name: z.string(),
  model: z.string(),
  nid: z.number().int(),
  networkName: z.string(),
  installedAt: z.number().int().describe('Installation day: epoch seconds, UTC'),
  years: z.number().int().min(0).describe('Age: whole years completed since installation'),
});
export type OldestDevice = z.infer<typeof OldestDeviceSchema>;

/** The figures of a set of devices: one network's, or those of every network asked for together. */
export const EquipmentFiguresSchema = z.object({
  devices: devices('Installed (real devices a gateway reported)'),
  online: devices('Online'),
  offline: devices('Offline'),
  faulty: devices('Faulty (`isFaultyDevice`)'),
  planned: devices('Planned: virtual devices bound to no real device'),
  byKind: z.array(KindRowSchema).describe('The six kinds always, `other` only when present'),
  byModel: z.array(ModelRowSchema).describe('Most devices first'),
  byFirmware: z.array(VersionRowSchema).describe('By model, then most devices first'),
  byHardware: z.array(VersionRowSchema).describe('By model, then most devices first'),
  age: z.object({
    buckets: z.array(z.object({ bucket: AgeBucketSchema, devices: devices('In the bucket') })),
    oldest: OldestDeviceSchema.nullable(),
  }),
  emergency: z.object({
    fittings: fittings('Emergency fittings'),
    battery: z.array(z.object({ state: BatteryStateSchema, fittings: fittings('In the state') })),
    lastTest: z.array(
      z.object({
        grade: LastTestGradeSchema,
        function: fittings('Whose last function test has this grade'),
        duration: fittings('Whose last duration test has this grade'),
      }),
    ),
  }),
});
export type EquipmentFigures = z.infer<typeof EquipmentFiguresSchema>;

/** Statistics of networks of one project: each network's figures and those of all of them together. */
export const EquipmentStatisticsSchema = z.object({
  project: z.object({ pid: z.number().int(), name: z.string() }),
  generatedAt: z.number().int().describe('Generated: epoch seconds, UTC'),
  networks: z.array(
    z.object({ nid: z.number().int(), name: z.string(), timeZone: z.string(), figures: EquipmentFiguresSchema }),
  ),
  total: EquipmentFiguresSchema,
});
export type EquipmentStatistics = z.infer<typeof EquipmentStatisticsSchema>;

/** File formats of the statistics export. */
export const EQUIPMENT_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export const EquipmentExportFormatSchema = z.enum(EQUIPMENT_EXPORT_FORMATS);
export type EquipmentExportFormat = z.infer<typeof EquipmentExportFormatSchema>;
