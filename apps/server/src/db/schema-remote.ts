import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, updatedAt } from './schema-columns.ts';
import { createdBy, networks, nidColumn, users } from './schema-console.ts';

/* Gateways, devices, control and configuration (spec sections 3-5 and 9; docs/gateway-protocol.md). */

/**
 * Gateways of a network (section 3 Gateway). `sn` is the gateway id in MQTT topics and its MQTT user name;
 * `secretHash` is the SHA-256 of its MQTT password. `stateSeq` is the newest applied message sequence;
 * `inventoryRequestedAt` when the console last asked it for a full inventory after a sequence gap.
 */
export const gateways = pgTable(
  'gateways',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    sn: text('sn').notNull(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** 1 real first generation, 2 real second generation, 3 mesh type, 4 iOS simulation, 5 Android simulation. */
    gatewayType: smallint('gateway_type').notNull().default(3),
    /** 2 online (section 3); anything else offline. */
    status: smallint('status').notNull().default(1),
    /** 1 mesh-ready (section 3). */
    meshStatus: smallint('mesh_status').notNull().default(0),
    firmware: text('firmware').notNull().default(''),
    lastSeenAt: instant('last_seen_at'),
    stateSeq: bigint('state_seq', { mode: 'number' }).notNull().default(-1),
    inventoryRequestedAt: instant('inventory_requested_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('gateways_sn_key').on(t.sn), index('gateways_nid_idx').on(t.nid)],
);

/** Diagnosis entries a gateway reported (gateway page, `/api/v1/gateway/diagnosis/list`). */
export const gatewayDiagnoses = pgTable(
  'gateway_diagnoses',
  {
    id: serial('id').primaryKey(),
    gatewayId: belongsTo('gateway_id', () => gateways.id),
    level: text('level').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    at: instant('at').notNull(),
  },
  (t) => [index('gateway_diagnoses_gw_idx').on(t.gatewayId, t.at)],
);

/**
 * Product catalogue (section 3 myOTAProduct): a model with its icon. `ownerUid` null marks a system
 * product (seeded, read-only); otherwise the user who added it, who alone may change its icon.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    ownerUid: integer('owner_uid').references(() => users.id, { onDelete: 'set null' }),
    model: text('model').notNull(),
    name: text('name').notNull(),
    /** luminaire, motionSensor, lightSensor, pushButton, emergency or panel (the six virtual kinds). */
    kind: text('kind').notNull(),
    manufacturer: text('manufacturer').notNull().default(''),
    /** 32×32 icon, a file name in `files`. */
    icon: text('icon'),
    ratedPower: doublePrecision('rated_power'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('products_model_key').on(t.model)],
);

/** Sub-versions of a product by hardware version, with the element layout (section 3 myOTAProductSubVersions). */
export const productSubVersions = pgTable(
  'product_sub_versions',
  {
    id: serial('id').primaryKey(),
    productId: belongsTo('product_id', () => products.id),
    hardwareVersion: text('hardware_version').notNull(),
    config: jsonb('config').$type<{ elements: { type: number; isD4i?: boolean; isLinear?: boolean }[] }>().notNull(),
  },
  (t) => [uniqueIndex('product_sub_versions_key').on(t.productId, t.hardwareVersion)],
);

/**
 * Devices (section 3 Device), real (reported by a gateway's inventory) or virtual (planned in the console).
 * A virtual device may be bound to a real one of the same model (`boundId`). `syncState`: 0 fully
 * synchronized, 1 virtual modified, 2 real modified.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    gatewayId: integer('gateway_id').references(() => gateways.id, { onDelete: 'set null' }),
    isVirtual: boolean('is_virtual').notNull().default(false),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    model: text('model').notNull(),
    mac: text('mac').notNull(),
    address: integer('address'),
    firmwareVersion: text('firmware_version').notNull().default(''),
    hardwareVersion: text('hardware_version').notNull().default(''),
    serialNumber: text('serial_number').notNull().default(''),
    manufacturer: text('manufacturer').notNull().default(''),
    supplier: text('supplier').notNull().default(''),
    installedAt: instant('installed_at'),
    ratedPower: doublePrecision('rated_power'),
    batteryType: text('battery_type').notNull().default(''),
    usageSeconds: bigint('usage_seconds', { mode: 'number' }).notNull().default(0),
    sensorTriggerCount: integer('sensor_trigger_count').notNull().default(0),
    boundId: integer('bound_id'),
    syncState: smallint('sync_state').notNull().default(0),
    online: boolean('online').notNull().default(false),
    lastSeenAt: instant('last_seen_at'),
    /** Settings last written from a configuration profile. */
    settings: jsonb('settings').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('devices_nid_idx').on(t.nid),
    index('devices_gateway_idx').on(t.gatewayId),
    uniqueIndex('devices_mac_key').on(t.nid, t.mac, t.isVirtual),
  ],
);

/** Elements of a device with their last reported state (section 3 Light element, emergency and sensor data). */
export const deviceElements = pgTable(
  'device_elements',
  {
    deviceId: belongsTo('device_id', () => devices.id),
    index: smallint('index').notNull(),
    type: smallint('type').notNull(),
    isD4i: boolean('is_d4i').notNull().default(false),
    isLinear: boolean('is_linear').notNull().default(true),
    onOff: smallint('on_off').notNull().default(0),
    lightness: real('lightness').notNull().default(0),
    cct: integer('cct'),
    status: smallint('status').notNull().default(0),
    flags: smallint('flags').notNull().default(0),
    d4iBank: jsonb('d4i_bank').$type<Record<string, unknown>>(),
    bankAt: instant('bank_at'),
    mode: smallint('mode'),
    faultBits: smallint('fault_bits'),
    lux: real('lux'),
    triggeredAt: instant('triggered_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.index] })],
);

/** Readings a gateway reported (consumption, sensor triggers), idempotent by gateway and sequence. */
export const deviceReadings = pgTable(
  'device_readings',
  {
    gatewayId: belongsTo('gateway_id', () => gateways.id),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    deviceId: belongsTo('device_id', () => devices.id),
    kind: text('kind').notNull(),
    at: instant('at').notNull(),
    value: jsonb('value').$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.seq] }), index('device_readings_device_idx').on(t.deviceId, t.at)],
);

/** Groups (section 3): type 1 luminaire or 2 emergency, a category and an image. */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    type: smallint('type').notNull().default(1),
    name: text('name').notNull(),
    category: text('category').notNull().default('other'),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('groups_nid_idx').on(t.nid)],
);

export const groupDevices = pgTable(
  'group_devices',
  {
    groupId: belongsTo('group_id', () => groups.id),
    deviceId: belongsTo('device_id', () => devices.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.deviceId] }), index('group_devices_device_idx').on(t.deviceId)],
);

/**
 * Scenes (section 3). `number` is the scene number stored on the devices; `builtIn` marks the three
 * built-in scenes of every network (1 all off, 2 all 50 %, 3 all on). `params` holds the type's
 * parameters, `curve` the 3-21 points of curve-based types.
 */
export const scenes = pgTable(
  'scenes',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull().default('generic'),
    image: text('image'),
    /** Fade time in seconds. */
    fadeTime: real('fade_time').notNull().default(0),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    curve: jsonb('curve').$type<{ time: number; level: number; cct?: number }[]>(),
    builtIn: smallint('built_in'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('scenes_number_key').on(t.nid, t.number), index('scenes_nid_idx').on(t.nid)],
);

/** Devices of a scene, each in one of the device's 16 scene slots (0-15), with its stored state. */
export const sceneDevices = pgTable(
  'scene_devices',
  {
    sceneId: belongsTo('scene_id', () => scenes.id),
    deviceId: belongsTo('device_id', () => devices.id),
    slot: smallint('slot').notNull(),
    onOff: smallint('on_off').notNull().default(1),
    lightness: real('lightness').notNull().default(100),
    cct: integer('cct'),
  },
  (t) => [
    primaryKey({ columns: [t.sceneId, t.deviceId] }),
    uniqueIndex('scene_devices_slot_key').on(t.deviceId, t.slot),
    check('scene_devices_slot_range', sql`${t.slot} between 0 and 15`),
  ],
);

/**
 * Schedules and astro timers (section 3 encoding): year 100 every year else 2000+value, month 12-bit mask,
 * day 0 with dayOfWeek every day, dayOfWeek 7-bit mask, hour 24/25 and minute/second 60-63 special.
 * Astro timers use `astroEvent` (sunrise or sunset) and `astroShift` minutes on the network's location.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    kind: text('kind').notNull().default('schedule'),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id'),
    action: jsonb('action').$type<Record<string, unknown>>().notNull(),
    year: smallint('year').notNull().default(100),
    month: smallint('month').notNull().default(4095),
    day: smallint('day').notNull().default(0),
    dayOfWeek: smallint('day_of_week').notNull().default(127),
    hour: smallint('hour').notNull().default(0),
    minute: smallint('minute').notNull().default(0),
    second: smallint('second').notNull().default(0),
    astroEvent: text('astro_event'),
    astroShift: integer('astro_shift').notNull().default(0),
    /** Manual override end: never, countdown, holdTime, standbyTime or specificTime, with its value. */
    overrideEnd: text('override_end').notNull().default('never'),
    overrideValue: integer('override_value'),
    lastRunAt: instant('last_run_at'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('schedules_nid_idx').on(t.nid)],
);

/**
 * Manual overrides (section 4): a device a user switched by hand while enabled schedules drive it. Until
 * `endsAt` (never when null) those schedules leave the device alone; then the schedule that governs it is
 * restored. `scheduleId` is the schedule whose end mode the override took.
 */
export const manualOverrides = pgTable(
  'manual_overrides',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    nid: nidColumn(),
    scheduleId: belongsTo('schedule_id', () => schedules.id),
    startedAt: instant('started_at').notNull(),
    endsAt: instant('ends_at'),
  },
  (t) => [index('manual_overrides_nid_idx').on(t.nid), index('manual_overrides_ends_idx').on(t.endsAt)],
);

/**
 * Configuration profiles (section 3): system defaults have no owner and cannot be edited; custom profiles
 * belong to their creator and may be public (listed under others' profiles).
 */
export const profiles = pgTable(
  'profiles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    ownerUid: integer('owner_uid').references(() => users.id, { onDelete: 'cascade' }),
    isSystem: boolean('is_system').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    /** Network the profile was made for, if any. */
    nid: integer('nid').references(() => networks.id, { onDelete: 'set null' }),
    configType: text('config_type').notNull().default('sensor'),
    sceneType: text('scene_type'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('profiles_owner_idx').on(t.ownerUid),
    // System profiles are seeded at start-up by name; the index keeps two starting processes from doubling them.
    uniqueIndex('profiles_system_name_key').on(t.name).where(sql`${t.isSystem}`),
  ],
);

/**
 * Commands sent to a gateway (section 4 task states): 0 waiting for execution, 1 non-execution,
 * 2 executing, 3 executed, 4 failed, 5 canceled, 6 canceling.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    gatewayId: belongsTo('gateway_id', () => gateways.id),
    uid: integer('uid').references(() => users.id, { onDelete: 'set null' }),
    targetKind: text('target_kind').notNull(),
    targetId: integer('target_id'),
    action: jsonb('action').$type<Record<string, unknown>>().notNull(),
    status: smallint('status').notNull().default(0),
    total: integer('total').notNull().default(0),
    executed: integer('executed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdAt: createdAt(),
    startedAt: instant('started_at'),
    endedAt: instant('ended_at'),
    deadlineAt: instant('deadline_at').notNull(),
  },
  (t) => [
    index('tasks_gateway_idx').on(t.gatewayId, t.status),
    index('tasks_nid_idx').on(t.nid, t.createdAt),
    // The deadline sweep of every server process reads only the open tasks (waiting, executing, canceling).
    index('tasks_open_deadline_idx').on(t.deadlineAt).where(sql`${t.status} in (0, 2, 6)`),
  ],
);

/** Per-device outcome of a task: status as in `tasks`, and why a device failed. */
export const taskDevices = pgTable(
  'task_devices',
  {
    taskId: belongsTo('task_id', () => tasks.id),
    deviceId: belongsTo('device_id', () => devices.id),
    status: smallint('status').notNull().default(0),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.deviceId] })],
);
