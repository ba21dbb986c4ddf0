import { z } from 'zod';
import { IdSchema, text } from './common.ts';
import { NodeSchema, ZoneSchema } from './zone.ts';

/** A backup's name: optional, up to 64 characters; empty when none was given (the client shows the date). */
export const BackupNameSchema = text(64);

/** The network settings a version 1 backup keeps (price in hundredths, as stored). */
export const BackupNetworkSchema = z.object({
  name: z.string(),
  category: z.string(),
  electricityPrice: z.number().int(),
  currency: z.string(),
  image: z.string().nullable(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
});

/**
 * The network settings a version 2 backup keeps: those of version 1, the location and time zone the
 * schedules run on, and the configuration profile applied to the whole network.
 */
export const BackupNetworkV2Schema = BackupNetworkSchema.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timeZone: z.string(),
  configId: z.number().int().nullable(),
});

/** A zone as a backup keeps it: every field the user set (its applied profile `configId` too), with its id. */
export const BackupZoneSchema = ZoneSchema.omit({ nid: true, nodeCount: true });

/** A node as a backup keeps it: placement, look and bound devices with its id; live status is not part of a backup. */
export const BackupNodeSchema = NodeSchema.omit({ nid: true, status: true, statusTime: true });

/**
 * A device's configuration as a backup keeps it: its name, the details a user enters, its binding
 * (the real device a virtual one is bound to) and the settings last written from a profile. `mac` and
 * `isVirtual` name the hardware; the device itself is never created or deleted by a restore.
 */
export const BackupDeviceSchema = z.object({
  id: z.number().int(),
  mac: z.string(),
  isVirtual: z.boolean(),
  name: z.string(),
  serialNumber: z.string(),
  manufacturer: z.string(),
  supplier: z.string(),
  installedAt: z.number().int().nullable().describe('Installation time: epoch seconds, UTC, or null'),
  ratedPower: z.number().nullable(),
  batteryType: z.string(),
  boundId: z.number().int().nullable(),
  syncState: z.number().int(),
  settings: z.record(z.string(), z.unknown()).nullable(),
});
export type BackupDevice = z.infer<typeof BackupDeviceSchema>;

/** A group with its members' device ids. */
export const BackupGroupSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  category: z.string(),
  image: z.string().nullable(),
  deviceIds: z.array(z.number().int()),
  createTime: z.number().int().describe('Creation time: epoch seconds, UTC'),
});
export type BackupGroup = z.infer<typeof BackupGroupSchema>;

/** A scene with all its parameters and every member's slot, level, on/off and colour temperature. */
export const BackupSceneSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  name: z.string(),
  type: z.string(),
  image: z.string().nullable(),
  fadeTime: z.number().describe('Fade, duration in seconds'),
  params: z.record(z.string(), z.unknown()),
  curve: z
    .array(
      z.object({
        time: z
          .number()
          .describe(
            "Seconds after midnight in the network's time zone (day curves), or duration in seconds from the start (sequences)",
          ),
        level: z.number(),
        cct: z.number().optional(),
      }),
    )
    .nullable(),
  builtIn: z.number().int().nullable(),
  devices: z.array(
    z.object({
      deviceId: z.number().int(),
      slot: z.number().int(),
      onOff: z.number().int(),
      lightness: z.number(),
      cct: z.number().int().nullable(),
    }),
  ),
  createTime: z.number().int().describe('Creation time: epoch seconds, UTC'),
});
export type BackupScene = z.infer<typeof BackupSceneSchema>;

/**
 * A schedule or astro timer with its encoded time fields, enabled state and manual-override settings.
 * `lastRun` (epoch seconds) is when it last fired at backup time; a restore keeps the later of it and what
 * the scheduler recorded since, so no minute fires twice.
 */
export const BackupScheduleSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  targetKind: z.string(),
  targetId: z.number().int().nullable(),
  action: z.record(z.string(), z.unknown()),
  year: z.number().int(),
  month: z.number().int(),
  day: z.number().int(),
  dayOfWeek: z.number().int(),
  hour: z.number().int(),
  minute: z.number().int(),
  second: z.number().int(),
  astroEvent: z.string().nullable(),
  astroShift: z.number().int(),
  overrideEnd: z.string(),
  overrideValue: z.number().int().nullable(),
  lastRun: z.number().int().nullable().describe('Last firing: epoch seconds, UTC, or null'),
  createdBy: z.number().int().nullable(),
  createTime: z.number().int().describe('Creation time: epoch seconds, UTC'),
});
export type BackupSchedule = z.infer<typeof BackupScheduleSchema>;

/** A configuration profile applied to the network or one of its zones when the backup was taken. */
export const BackupProfileSchema = z.object({ id: z.number().int(), name: z.string() });

/** Version 1: the network's settings, zones and nodes as they were. */
export const BackupContentV1Schema = z.object({
  version: z.literal(1),
  network: BackupNetworkSchema,
  zones: z.array(BackupZoneSchema),
  nodes: z.array(BackupNodeSchema),
});
export type BackupContentV1 = z.infer<typeof BackupContentV1Schema>;

/**
 * Version 2: the network's whole configuration — settings with location, time zone and applied
 * profile, zones (with their applied profiles), nodes, devices' names, bindings and settings, groups
 * with members, scenes with every member's state, schedules and astro timers, and the names of the
 * profiles applied (`network.configId`, zones' `configId`) so a restore can say which one is gone.
 */
export const BackupContentV2Schema = z.object({
  version: z.literal(2),
  network: BackupNetworkV2Schema,
  zones: z.array(BackupZoneSchema),
  nodes: z.array(BackupNodeSchema),
  devices: z.array(BackupDeviceSchema),
  groups: z.array(BackupGroupSchema),
  scenes: z.array(BackupSceneSchema),
  schedules: z.array(BackupScheduleSchema),
  profiles: z.array(BackupProfileSchema),
});
export type BackupContentV2 = z.infer<typeof BackupContentV2Schema>;

/** What a backup holds, by format version; version 1 backups still view and restore. */
export const BackupContentSchema = z.discriminatedUnion('version', [BackupContentV1Schema, BackupContentV2Schema]);
export type BackupContent = z.infer<typeof BackupContentSchema>;

/** The parts of a backup, in the order they are shown; version 1 holds only the first three. */
export const BACKUP_PARTS = ['network', 'zones', 'nodes', 'devices', 'groups', 'scenes', 'schedules'] as const;
export const BackupPartSchema = z.enum(BACKUP_PARTS);
export type BackupPart = z.infer<typeof BackupPartSchema>;

/** The parts a version 1 backup holds; a restore of one leaves the others as they are. */
export const BACKUP_V1_PARTS: readonly BackupPart[] = ['network', 'zones', 'nodes'];

/** One part of a backup and how many entries it holds (1 for the network's settings). */
export const BackupPartCountSchema = z.object({ part: BackupPartSchema, count: z.number().int() });
export type BackupPartCount = z.infer<typeof BackupPartCountSchema>;

/** A backup in lists: when, by whom, which format, and how much it holds. */
export const BackupSummarySchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  name: z.string(),
  createdAt: z.number().int().describe('Taken: epoch seconds, UTC'),
  createdBy: z.string().nullable(),
  version: z.number().int(),
  zoneCount: z.number().int(),
  nodeCount: z.number().int(),
});
export type BackupSummary = z.infer<typeof BackupSummarySchema>;

/** One entity in a difference: its id, name, and for a changed one the fields that differ. */
export const DiffItemSchema = z.object({ id: z.number().int(), name: z.string(), fields: z.array(z.string()) });

/**
 * How one kind of entity differs in the network now from the backup: `added` exist now but not in
 * the backup (a restore removes them), `removed` are in the backup but gone now (a restore brings
 * them back), `changed` are in both with different `fields` (a restore puts the backup's back).
 */
export const EntityDiffSchema = z.object({
  added: z.array(DiffItemSchema),
  removed: z.array(DiffItemSchema),
  changed: z.array(DiffItemSchema),
});
export type EntityDiff = z.infer<typeof EntityDiffSchema>;

/**
 * How the network now differs from a backup: changed settings, and per part. The parts a version 1
 * backup does not hold (devices, groups, scenes, schedules) are absent. For devices, `removed` are
 * devices the network no longer has (a restore cannot bring them back) and `added` stays empty: a
 * restore never deletes a device.
 */
export const BackupDiffSchema = z.object({
  network: z.object({ changed: z.array(z.string()) }),
  zones: EntityDiffSchema,
  nodes: EntityDiffSchema,
  devices: EntityDiffSchema.optional(),
  groups: EntityDiffSchema.optional(),
  scenes: EntityDiffSchema.optional(),
  schedules: EntityDiffSchema.optional(),
});
export type BackupDiff = z.infer<typeof BackupDiffSchema>;

/**
 * What a restore cannot bring back exactly, said before it runs and answered after it ran:
 * - `deviceMissing`: devices of the backup the network no longer has; their names, settings and
 *   bindings, their group and scene memberships and the nodes' links to them are skipped;
 * - `profileMissing`: configuration profiles applied in the backup that no longer exist; the zones
 *   and network they were applied to are restored without a profile;
 * - `imageMissing`: the floor-plan image of the backup is no longer stored; the network keeps none.
 * `names` are the missing things' names as the backup has them.
 */
export const RestoreWarningSchema = z.object({
  kind: z.enum(['deviceMissing', 'profileMissing', 'imageMissing']),
  names: z.array(z.string()),
});
export type RestoreWarning = z.infer<typeof RestoreWarningSchema>;

/** One backup: what it holds per part, how the network now differs from it, and what a restore would skip. */
export const BackupDetailSchema = BackupSummarySchema.extend({
  content: BackupContentSchema,
  parts: z.array(BackupPartCountSchema),
  diff: BackupDiffSchema,
  warnings: z.array(RestoreWarningSchema),
});
export type BackupDetail = z.infer<typeof BackupDetailSchema>;

/** What `backup/restore` answers: what it skipped (the warnings the view listed, as they applied). */
export const BackupRestoreResultSchema = z.object({ skipped: z.array(RestoreWarningSchema) });
export type BackupRestoreResult = z.infer<typeof BackupRestoreResultSchema>;

/** Payload of `backup/add`. */
export const BackupAddShape = { nid: IdSchema, name: BackupNameSchema.default('') };
