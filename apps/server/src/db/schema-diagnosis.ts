import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { networks, users } from './schema-console.ts';
import { devices } from './schema-remote.ts';

/*
 * Sensor trigger diagnosis tasks (spec sections 2-5; docs/decisions.md "Sensor trigger diagnosis"). Results
 * are not stored: they are counted from the stored triggers (device_readings, telemetry_readings) on read.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A diagnosis task: the range and interval it counts triggers in, and its state (`waiting`, `executing`,
 * `executed`, `canceled`), moved at its times by the diagnosis sweep (jobs/advance-diagnoses.ts).
 */
export const sensorDiagnoses = pgTable(
  'sensor_diagnoses',
  {
    id: serial('id').primaryKey(),
    nid: integer('nid')
      .notNull()
      .references(() => networks.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('waiting'),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    intervalSeconds: integer('interval_seconds').notNull(),
    allSensors: boolean('all_sensors').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the sweep moved it to executing, and to executed. */
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    canceledAt: at('canceled_at'),
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
    diagnosisId: integer('diagnosis_id')
      .notNull()
      .references(() => sensorDiagnoses.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.diagnosisId, t.deviceId] })],
);
