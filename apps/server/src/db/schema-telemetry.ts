import {
  bigint,
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
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { devices, gateways } from './schema-remote.ts';

/*
 * Telemetry: durable report delivery and the readings energy reports are built from
 * (docs/gateway-protocol.md "Durable reports"; apps/server/src/telemetry). On PostgreSQL
 * `telemetry_readings` is partitioned by month on `at` (db/postgres-only/partition-readings.sql).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const gatewayColumn = () =>
  integer('gateway_id')
    .notNull()
    .references(() => gateways.id, { onDelete: 'cascade' });
const deviceColumn = () =>
  integer('device_id')
    .notNull()
    .references(() => devices.id, { onDelete: 'cascade' });

/**
 * Per gateway: every report numbered up to `storedUpTo` is committed (or recorded as a gap). Created by the
 * gateway's `streamStart`; `resendRequestedAt` is when the console last asked for a missing range.
 */
export const reportMarks = pgTable('report_marks', {
  gatewayId: gatewayColumn().primaryKey(),
  storedUpTo: bigint('stored_up_to', { mode: 'number' }).notNull(),
  resendRequestedAt: at('resend_requested_at'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** One row per report kept (gateway, seq): the idempotence key and the source of the high-water mark. */
export const reportReceipts = pgTable(
  'report_receipts',
  {
    gatewayId: gatewayColumn(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    receivedAt: at('received_at').notNull(),
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
    recordedAt: at('recorded_at').notNull(),
  },
  (t) => [uniqueIndex('report_gaps_gateway_from_idx').on(t.gatewayId, t.fromSeq)],
);

/**
 * Raw readings, one row per device element per report. Absent values (MASK/TMASK) are null with their
 * `*_status`; `deltaWh`/`deltaStatus` are the counter delta to the previous reading (energy-delta.ts).
 */
export const telemetryReadings = pgTable(
  'telemetry_readings',
  {
    gatewayId: integer('gateway_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    deviceId: integer('device_id').notNull(),
    element: smallint('element').notNull(),
    at: at('at').notNull(),
    energyRaw: bigint('energy_raw', { mode: 'number' }),
    energyScale: smallint('energy_scale'),
    energySerial: text('energy_serial'),
    energySource: text('energy_source'),
    energyStatus: text('energy_status'),
    powerW: numeric('power_w'),
    powerStatus: text('power_status'),
    onSeconds: integer('on_seconds'),
    triggers: integer('triggers'),
    occupiedSeconds: integer('occupied_seconds'),
    d4i: jsonb('d4i').$type<Record<string, number>>(),
    deltaWh: numeric('delta_wh'),
    deltaStatus: text('delta_status'),
  },
  (t) => [
    primaryKey({ columns: [t.gatewayId, t.seq, t.deviceId, t.element, t.at] }),
    index('telemetry_readings_device_idx').on(t.deviceId, t.at),
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
});

/** Per device and UTC hour, recomputed from raw readings for the hours a write touched. */
export const telemetryHourly = pgTable('telemetry_hourly', { ...rollupColumns(), hour: at('hour').notNull() }, (t) => [
  primaryKey({ columns: [t.deviceId, t.hour] }),
]);

/** Per device and site-local date (the network's time zone), recomputed like the hourly rollup. */
export const telemetryDaily = pgTable(
  'telemetry_daily',
  { ...rollupColumns(), day: date('day', { mode: 'string' }).notNull() },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);
