import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { belongsTo, instant } from './schema-columns.ts';
import { networks } from './schema-console.ts';
import { devices, gateways } from './schema-remote.ts';

/*
 * Telemetry: durable report delivery and the readings energy reports are built from
 * (docs/gateway-protocol.md "Durable reports"; apps/server/src/telemetry). On PostgreSQL
 * `telemetry_readings` is partitioned by month on `at` (db/postgres-only/partition-readings.sql).
 */

const gatewayColumn = () => belongsTo('gateway_id', () => gateways.id);
const deviceColumn = () => belongsTo('device_id', () => devices.id);

/**
 * Per gateway: every report numbered up to `storedUpTo` is committed (or recorded as a gap). Created by the
 * gateway's `streamStart`; `resendRequestedAt` is when the console last asked for a missing range.
 */
export const reportMarks = pgTable('report_marks', {
  gatewayId: gatewayColumn().primaryKey(),
  storedUpTo: bigint('stored_up_to', { mode: 'number' }).notNull(),
  resendRequestedAt: instant('resend_requested_at'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/** One row per report kept (gateway, seq): the idempotence key and the source of the high-water mark. */
export const reportReceipts = pgTable(
  'report_receipts',
  {
    gatewayId: gatewayColumn(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    receivedAt: instant('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gatewayId, t.seq] })],
);

/** Report numbers a gateway could no longer send (`lost`) or lost with its counter (`restart`): never silent. */
export const reportGaps = pgTable(
  'report_gaps',
  {
    id: serial('id').primaryKey(),
    gatewayId: gatewayColumn(),
    fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
    toSeq: bigint('to_seq', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    recordedAt: instant('recorded_at').notNull(),
  },
  (t) => [uniqueIndex('report_gaps_gateway_from_idx').on(t.gatewayId, t.fromSeq)],
);

/**
 * Raw readings, one row per device element per report. Absent values (MASK/TMASK) are null with their
 * `*_status`, as is a counter declared `d4i` by an element the console does not know as D4i (status
 * `notD4i`, reading-rows.ts); `deltaWh`/`deltaStatus` are the counter delta to the previous reading (energy-delta.ts).
 * `meanLightness` is the level the element reported while on (time-weighted), `ratedSeconds` the on-time
 * weighted by the estimate's share of rated power at that level (`ratedSecondsAt`; the on-time itself
 * where no level came, and null in rows older than the column, read as their on-time).
 * `spreadFrom` is the previous reading's time when a counted delta spans a gap (longer than
 * `GAP_SPREAD_SECONDS`): the hourly rollups then spread it over the gap's hours by time.
 */
export const telemetryReadings = pgTable(
  'telemetry_readings',
  {
    gatewayId: integer('gateway_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    deviceId: integer('device_id').notNull(),
    element: smallint('element').notNull(),
    at: instant('at').notNull(),
    energyRaw: bigint('energy_raw', { mode: 'number' }),
    energyScale: smallint('energy_scale'),
    energySerial: text('energy_serial'),
    energySource: text('energy_source'),
    energyStatus: text('energy_status'),
    powerW: numeric('power_w'),
    powerStatus: text('power_status'),
    onSeconds: integer('on_seconds'),
    meanLightness: numeric('mean_lightness'),
    ratedSeconds: numeric('rated_seconds'),
    triggers: integer('triggers'),
    occupiedSeconds: integer('occupied_seconds'),
    d4i: jsonb('d4i').$type<Record<string, number>>(),
    deltaWh: numeric('delta_wh'),
    deltaStatus: text('delta_status'),
    spreadFrom: instant('spread_from'),
  },
  (t) => [
    primaryKey({ columns: [t.gatewayId, t.seq, t.deviceId, t.element, t.at] }),
    index('telemetry_readings_device_idx').on(t.deviceId, t.at),
    index('telemetry_readings_spread_idx').on(t.deviceId, t.at).where(sql`spread_from IS NOT NULL`),
  ],
);

const rollupColumns = () => ({
  deviceId: deviceColumn(),
  energyWh: numeric('energy_wh').notNull(),
  d4iWh: numeric('d4i_wh').notNull(),
  meterWh: numeric('meter_wh').notNull(),
  quarantinedWh: numeric('quarantined_wh').notNull(),
  onSeconds: bigint('on_seconds', { mode: 'number' }).notNull(),
  triggers: bigint('triggers', { mode: 'number' }).notNull(),
  occupiedSeconds: bigint('occupied_seconds', { mode: 'number' }).notNull(),
  readings: integer('readings').notNull(),
  /** Part of `energyWh` that is a share of a delta spread over a reporting gap. */
  spreadWh: numeric('spread_wh').notNull().default('0'),
  /** On-time weighted by the share of rated power at the reported level (the estimate's seconds at rated power). */
  ratedSeconds: numeric('rated_seconds').notNull().default('0'),
  /** On-time of readings that reported a level. */
  levelSeconds: bigint('level_seconds', { mode: 'number' }).notNull().default(0),
  /**
   * Counted readings of a D4i driver counter, and of a meter, whatever their delta: a counter that counted
   * 0 Wh (a lamp off all period) is still the device's source.
   */
  d4iReadings: integer('d4i_readings').notNull().default(0),
  meterReadings: integer('meter_readings').notNull().default(0),
});

/** What a period of hours needs for its estimate and savings baseline (days and months, summed from hours). */
const hourCountColumns = () => ({
  /** Hours with at least one reading. */
  hoursReported: integer('hours_reported').notNull().default(0),
  /** Hours whose meter, and whose D4i counter, counted energy. */
  hoursMeter: integer('hours_meter').notNull().default(0),
  hoursD4i: integer('hours_d4i').notNull().default(0),
  /** On-time of the hours with a reading, each hour's capped at 3,600 s. */
  onCappedSeconds: bigint('on_capped_seconds', { mode: 'number' }).notNull().default(0),
  /** `ratedSeconds` of the hours with a reading, each hour's scaled down as its on-time is capped. */
  ratedCappedSeconds: numeric('rated_capped_seconds').notNull().default('0'),
});

/**
 * Per device and UTC hour, recomputed from raw readings for the hours a write touched; a delta across a gap
 * is spread over the gap's hours (`spreadWh`), so an hour may have energy and no reading.
 */
export const telemetryHourly = pgTable(
  'telemetry_hourly',
  { ...rollupColumns(), hour: instant('hour').notNull() },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.hour] }),
    // A network's devices over a period are one range of time, where the rows lie together (written as time
    // passes), not a range of each device's key spread over the whole table.
    index('telemetry_hourly_hour_idx').on(t.hour, t.deviceId),
  ],
);

/**
 * Per device and site-local date (the network's time zone): the sum of the hourly rows whose hour starts on
 * that date, so a day is exactly its hours. The hour counts and capped on-time let a long period's estimate
 * and savings baseline be computed from days alone (services/energy/energy-days.ts).
 */
export const telemetryDaily = pgTable(
  'telemetry_daily',
  {
    ...rollupColumns(),
    day: date('day', { mode: 'string' }).notNull(),
    ...hourCountColumns(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] }), index('telemetry_daily_day_idx').on(t.day, t.deviceId)],
);

/**
 * Per device and closed site-local month (`month`: its first day): the sum of its daily rows, built by the
 * `rollup-months` job once the month has ended (telemetry/month-rollups.ts). A write into a closed month
 * marks the device's month `stale` (creating the row if need be) and the job sums it again; readers take
 * the days of a stale month instead.
 */
export const telemetryMonthly = pgTable(
  'telemetry_monthly',
  {
    ...rollupColumns(),
    month: date('month', { mode: 'string' }).notNull(),
    ...hourCountColumns(),
    stale: boolean('stale').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.month] }),
    index('telemetry_monthly_month_idx').on(t.month, t.deviceId),
    index('telemetry_monthly_stale_idx').on(t.deviceId, t.month).where(sql`stale`),
  ],
);

/**
 * Per network: the first local month the `rollup-months` job has not summed yet, and the first whose
 * hour-of-week cells it has not summed (null: none summed; never past `builtUntil`).
 */
export const telemetryMonthMarks = pgTable('telemetry_month_marks', {
  nid: integer('nid')
    .primaryKey()
    .references(() => networks.id, { onDelete: 'cascade' }),
  builtUntil: date('built_until', { mode: 'string' }).notNull(),
  cellsUntil: date('cells_until', { mode: 'string' }),
});

/**
 * Per device and closed local month: its hours summed by local hour of the week (Monday 00:00 = 0) and
 * "lit while unoccupied" flag, with the zones its devices were in when summed (telemetry/week-cells.ts).
 * A long heat map reads a row per device, month and cell instead of every device-hour.
 */
export const telemetryCellsMonthly = pgTable(
  'telemetry_cells_monthly',
  {
    deviceId: deviceColumn(),
    month: date('month', { mode: 'string' }).notNull(),
    cell: smallint('cell').notNull(),
    litUnoccupied: boolean('lit_unoccupied').notNull(),
    meterWh: numeric('meter_wh').notNull(),
    d4iWh: numeric('d4i_wh').notNull(),
    spreadWh: numeric('spread_wh').notNull(),
    quarantinedWh: numeric('quarantined_wh').notNull(),
    onSeconds: bigint('on_seconds', { mode: 'number' }).notNull(),
    ratedSeconds: numeric('rated_seconds').notNull().default('0'),
    levelSeconds: bigint('level_seconds', { mode: 'number' }).notNull().default(0),
    triggers: bigint('triggers', { mode: 'number' }).notNull(),
    occupiedSeconds: bigint('occupied_seconds', { mode: 'number' }).notNull(),
    hoursReported: integer('hours_reported').notNull(),
    hoursMeter: integer('hours_meter').notNull(),
    hoursD4i: integer('hours_d4i').notNull(),
    d4iReadings: integer('d4i_readings').notNull().default(0),
    meterReadings: integer('meter_readings').notNull().default(0),
    hours: integer('hours').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.month, t.cell, t.litUnoccupied] }),
    index('telemetry_cells_monthly_month_idx').on(t.month, t.deviceId),
  ],
);
