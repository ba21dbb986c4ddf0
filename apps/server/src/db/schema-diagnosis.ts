import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { belongsTo, instant } from './schema-columns.ts';
import { createdBy, nidColumn, users } from './schema-console.ts';
import { devices } from './schema-remote.ts';

/*
 * Sensor trigger diagnosis tasks (spec sections 2-5; docs/decisions.md "Sensor trigger diagnosis"). Results
 * are not stored: they are counted from the stored triggers (device_readings, telemetry_readings) on read.
 */

/**
 * A diagnosis task: the range and interval it counts triggers in, and its state (`waiting`, `executing`,
 * `executed`, `canceled`), moved at its times by the diagnosis sweep (jobs/advance-diagnoses.ts).
 */
export const sensorDiagnoses = pgTable(
  'sensor_diagnoses',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    state: text('state').notNull().default('waiting'),
    startAt: instant('start_at').notNull(),
    endAt: instant('end_at').notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    allSensors: boolean('all_sensors').notNull(),
    createdBy: createdBy(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** When the sweep moved it to executing, and to executed. */
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
    canceledAt: instant('canceled_at'),
    canceledBy: integer('canceled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('sensor_diagnoses_nid_idx').on(t.nid, t.createdAt),
    // The sweep of every server process reads only the tasks still to move.
    index('sensor_diagnoses_open_idx').on(t.startAt).where(sql`${t.state} in ('waiting', 'executing')`),
  ],
);

/** The sensors a diagnosis task watches (every motion sensor of the network when it was created, or those chosen). */
export const sensorDiagnosisDevices = pgTable(
  'sensor_diagnosis_devices',
  {
    diagnosisId: belongsTo('diagnosis_id', () => sensorDiagnoses.id),
    deviceId: belongsTo('device_id', () => devices.id),
  },
  (t) => [primaryKey({ columns: [t.diagnosisId, t.deviceId] })],
);
