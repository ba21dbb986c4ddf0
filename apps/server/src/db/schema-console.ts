import type { Currency, TariffBandRecord } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, updatedAt } from './schema-columns.ts';

/** The network a row belongs to; deleting the network deletes the row. */
export const nidColumn = () => belongsTo('nid', () => networks.id);

/** The user who made a row; null once that user is deleted. */
export const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });

/** Accounts (section 3 User). E-mail is stored lower case; names are unique regardless of case. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: smallint('language').notNull().default(0),
    timeFormat: smallint('time_format').notNull().default(1),
    /** First day of the week, 1 Monday … 7 Sunday (Intl week info numbering). */
    weekStart: smallint('week_start').notNull().default(1),
    pageNumber: smallint('page_number').notNull().default(10),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_name_key').on(sql`lower(${t.name})`)],
);

/** Sessions: only the SHA-256 of the token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    uid: belongsTo('uid', () => users.id),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_uid_idx').on(t.uid)],
);

/** E-mailed verification codes for registration, password reset and e-mail change. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    uid: integer('uid').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    address: text('address').notNull().default(''),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_codes_lookup_idx').on(t.purpose, t.email, t.createdAt),
    index('verification_codes_address_idx').on(t.address, t.createdAt),
  ],
);

/** Failure counters for throttling sign-in per account and per address. */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: instant('window_started_at').notNull(),
  lockedUntil: instant('locked_until'),
});

/**
 * Mail an account made the console send to an address it typed (invitations, activation links), one row
 * per message, kept a day: what the per-address and per-account mail limits count (services/mail-limits.ts).
 */
export const mailSends = pgTable(
  'mail_sends',
  {
    id: serial('id').primaryKey(),
    senderUid: belongsTo('sender_uid', () => users.id),
    email: text('email').notNull(),
    template: text('template').notNull(),
    sentAt: instant('sent_at').notNull(),
  },
  (t) => [index('mail_sends_sender_idx').on(t.senderUid, t.sentAt)],
);

/** Every e-mail the console writes; kept as the outbox when no SMTP server is configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    template: text('template').notNull(),
    language: smallint('language').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('outbox_to_idx').on(t.toAddress, t.createdAt)],
);

/** Settings shared by every server process (for example a generated signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * One row per run of a scheduled job and time slot: the unique key makes a slot run once across processes.
 * An unfinished run is held by `holder` until `lease_until` (the database's clock, renewed while it runs);
 * `claims` counts the holders it had (more than 1: taken over from a holder that died).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    name: text('name').notNull(),
    slot: text('slot').notNull(),
    startedAt: instant('started_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
    result: text('result'),
    holder: text('holder'),
    leaseUntil: instant('lease_until'),
    claims: integer('claims').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.name, t.slot] })],
);

/** Projects (section 3). */
export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  remarks: text('remarks').notNull().default(''),
  createdBy: createdBy(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Membership of users in projects; one project per user is the default. */
export const projectUsers = pgTable(
  'project_users',
  {
    pid: belongsTo('pid', () => projects.id),
    uid: belongsTo('uid', () => users.id),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pid, t.uid] }), index('project_users_uid_idx').on(t.uid)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Networks (section 3). A deleted network stays in the recycle bin until `purge_after`. */
export const networks = pgTable(
  'networks',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    category: text('category').notNull().default('other'),
    /** File name of the floor-plan image in `files`, or null for none. */
    image: text('image'),
    imageWidth: integer('image_width').notNull().default(500),
    imageHeight: integer('image_height').notNull().default(500),
    /** Electricity price per kWh in hundredths of the currency unit (section 9: price /100). */
    electricityPrice: integer('electricity_price').notNull().default(0),
    currency: text('currency').notNull().default('EUR'),
    /** Chosen CO2 emission factor set (an id of the shipped sets, notes §3); null while none is chosen. */
    factorSetId: text('factor_set_id'),
    /** Estimate defaults (section 9): rated power of a luminaire without one (W; null: not estimated), standby W. */
    estimateRatedW: doublePrecision('estimate_rated_w'),
    estimateStandbyW: doublePrecision('estimate_standby_w').notNull().default(0.5),
    /** Location for astro timers (degrees) and the network's IANA time zone for schedules. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * After a change of `timeZone`, the zone the network's daily, monthly and heat-map rollups are still in,
     * until the `rezone-rollups` job has rebuilt them in the new one (reads take every hour meanwhile); null
     * when they are in `timeZone` (telemetry/rezone.ts).
     */
    rollupsTimeZone: text('rollups_time_zone'),
    /** Configuration profile applied to the whole network, or null. */
    configId: integer('config_id'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('networks_pid_idx').on(t.pid), index('networks_deleted_idx').on(t.deletedAt)],
);

/** Members of a network with their user type (section 3 UserNetwork): 1 installer, 2 owner, 3 sub-user. */
export const networkUsers = pgTable(
  'network_users',
  {
    nid: nidColumn(),
    uid: belongsTo('uid', () => users.id),
    userType: smallint('user_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.nid, t.uid] }),
    index('network_users_uid_idx').on(t.uid),
    uniqueIndex('network_users_one_owner').on(t.nid).where(sql`${t.userType} = 2`),
  ],
);

/** Zones drawn on a network's floor plan (section 3 Zone); points in the image's pixel coordinates. */
export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    name: text('name').notNull(),
    points: jsonb('points').$type<{ x: number; y: number }[]>().notNull(),
    shape: smallint('shape').notNull().default(1),
    bgColor: text('bg_color').notNull().default('#1677ff33'),
    nameColor: text('name_color').notNull().default('#262626'),
    nameAngle: doublePrecision('name_angle').notNull().default(0),
    nameSize: smallint('name_size').notNull().default(16),
    namePositionX: doublePrecision('name_position_x'),
    namePositionY: doublePrecision('name_position_y'),
    configId: integer('config_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('zones_nid_idx').on(t.nid)],
);

/** Nodes placed on the plan (section 3 Node): a device (vid) or an emergency device (rid). */
export const nodes = pgTable(
  'nodes',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    vid: integer('vid'),
    rid: integer('rid'),
    name: text('name').notNull(),
    nameSize: smallint('name_size').notNull().default(12),
    nameAngle: doublePrecision('name_angle').notNull().default(0),
    iconSize: smallint('icon_size').notNull().default(24),
    nameColor: text('name_color').notNull().default('#262626'),
    positionX: doublePrecision('position_x').notNull().default(0),
    positionY: doublePrecision('position_y').notNull().default(0),
    namePositionX: doublePrecision('name_position_x'),
    namePositionY: doublePrecision('name_position_y'),
    status: smallint('status').notNull().default(0),
    statusTime: instant('status_time'),
    createdAt: createdAt(),
  },
  (t) => [index('nodes_nid_idx').on(t.nid), index('nodes_zone_idx').on(t.zoneId)],
);

/** Per user and network map view (section 3): zoom (default 1), imgX (100), imgY (210). */
export const viewStates = pgTable(
  'view_states',
  {
    uid: belongsTo('uid', () => users.id),
    nid: nidColumn(),
    zoom: doublePrecision('zoom').notNull().default(1),
    imgX: doublePrecision('img_x').notNull().default(100),
    imgY: doublePrecision('img_y').notNull().default(210),
  },
  (t) => [primaryKey({ columns: [t.uid, t.nid] })],
);

/** Uploaded images, kept in the database so every server process serves them. */
export const files = pgTable('files', {
  name: text('name').primaryKey(),
  ownerUid: integer('owner_uid').references(() => users.id, { onDelete: 'set null' }),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** Share links for projects and networks: pending until accepted, valid 7 days, single use. */
export const shares = pgTable(
  'shares',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    pid: integer('pid').references(() => projects.id, { onDelete: 'cascade' }),
    nid: integer('nid').references(() => networks.id, { onDelete: 'cascade' }),
    /** Shared configuration profile (kind 'config'). */
    configId: integer('config_id'),
    sharerUid: belongsTo('sharer_uid', () => users.id),
    email: text('email').notNull(),
    userType: smallint('user_type').notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status').notNull().default('pending'),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
    acceptedAt: instant('accepted_at'),
    acceptedUid: integer('accepted_uid').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('shares_token_key').on(t.tokenHash), index('shares_sharer_idx').on(t.sharerUid)],
);

/** Audit trail: who changed what and when, with the state before and after, written with the change. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid'),
    nid: integer('nid'),
    actorUid: integer('actor_uid').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_nid_idx').on(t.nid, t.createdAt), index('audit_events_pid_idx').on(t.pid, t.createdAt)],
);

/** Backups of a network: a snapshot of everything it holds at the time. */
export const backups = pgTable(
  'backups',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    name: text('name').notNull(),
    createdBy: createdBy(),
    content: jsonb('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('backups_nid_idx').on(t.nid, t.createdAt)],
);

/**
 * Display keys of a network's lobby dashboard (`/screen/index`): each opens that dashboard and its live
 * events only. Stored as the key's SHA-256; a revoked key stays for the record and opens nothing.
 */
export const displayTokens = pgTable(
  'display_tokens',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('display_tokens_key_hash_key').on(t.keyHash), index('display_tokens_nid_idx').on(t.nid)],
);

/**
 * Dated tariff versions of a network (issue `/setting/price`): each applies from its local date in the
 * network zone until the next one's; added from today on, removed only before they start, never edited.
 */
export const tariffVersions = pgTable(
  'tariff_versions',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Price per kWh outside every band, in hundredths of the currency unit. */
    pricePerKWh: integer('price_per_kwh').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** Standing charge per local day in hundredths; null for none. */
    standingChargePerDay: integer('standing_charge_per_day'),
    /** Time-of-use bands, validated by the domain's TariffBandSchema; the last matching band wins. */
    bands: jsonb('bands').$type<TariffBandRecord[]>().notNull().default([]),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tariff_versions_nid_valid_from_key').on(t.nid, t.validFrom)],
);

/**
 * Dated CO2 factor set choices of a network (issue `/setting/price`, like `tariff_versions`): each applies
 * from the start of its local date in the network zone until the next one's; the first also covers the days
 * before it. A choice is made for today (the day it is made); `factor_set_id` null is "none chosen" (the
 * published set of the currency's region for each day's year).
 */
export const factorSetChoices = pgTable(
  'factor_set_choices',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    factorSetId: text('factor_set_id'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('factor_set_choices_nid_valid_from_key').on(t.nid, t.validFrom)],
);
