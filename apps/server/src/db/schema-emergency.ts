import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './schema-columns.ts';
import { createdBy, nidColumn } from './schema-console.ts';
import { devices } from './schema-remote.ts';

/*
 * Emergency lighting (spec sections 3-5; docs/decisions.md "Emergency lighting"). Fitting state and
 * schedules belong to a network and go with it. Test records, faults, fault entries and mode changes are
 * the inspector's record: they copy the network, fitting and location names as text and hold no foreign
 * key that could delete them, so they survive a network's deletion; a trigger (migration 0011) refuses
 * UPDATE of them, and DELETE of rows younger than the 5-year retention.
 */

/** The fitting of a record and where it was, copied as the record is written (ids without foreign keys). */
const fittingCopy = () => ({
  nid: integer('nid').notNull(),
  networkName: text('network_name').notNull(),
  pid: integer('pid'),
  projectName: text('project_name').notNull().default(''),
  deviceId: integer('device_id'),
  mac: text('mac').notNull(),
  fittingName: text('fitting_name').notNull(),
  location: text('location'),
  zoneId: integer('zone_id'),
  zoneName: text('zone_name'),
});

/** Live state of an emergency fitting, from its reports and the console's own actions. */
export const emergencyFittings = pgTable(
  'emergency_fittings',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    nid: nidColumn(),
    /** Element index of the emergency element. */
    elementIndex: smallint('element_index').notNull().default(0),
    mode: smallint('mode'),
    statusBits: smallint('status_bits').notNull().default(0),
    failureBits: smallint('failure_bits').notNull().default(0),
    /** 0 deep discharge … 254 full, 255 unknown. */
    batteryCharge: smallint('battery_charge').notNull().default(255),
    mainsPresent: boolean('mains_present'),
    ratedMinutes: integer('rated_minutes'),
    lastReportAt: instant('last_report_at'),
    /** A test the fitting holds pending or runs now: function or duration. */
    testPending: text('test_pending'),
    testRunning: text('test_running'),
    /** Task of the test the console asked for, and how it was started. */
    testTaskId: integer('test_task_id'),
    testSource: text('test_source'),
    testScheduleId: integer('test_schedule_id'),
    testRequestedBy: integer('test_requested_by'),
    testRequestedAt: instant('test_requested_at'),
    /** Inhibit: asked until, the fitting's own timer ends, last renewal. */
    inhibitUntil: instant('inhibit_until'),
    inhibitExpiresAt: instant('inhibit_expires_at'),
    inhibitRenewedAt: instant('inhibit_renewed_at'),
    /** After a duration test: reduced cover until recharged. */
    reducedCoverUntil: instant('reduced_cover_until'),
    lastFunctionRecordId: bigint('last_function_record_id', { mode: 'number' }),
    lastDurationRecordId: bigint('last_duration_record_id', { mode: 'number' }),
    /** Retest booked (mains loss, fault verification): kind and when booked. */
    retestKind: text('retest_kind'),
    retestBookedAt: instant('retest_booked_at'),
    updatedAt: updatedAt(),
  },
  (t) => [index('emergency_fittings_nid_idx').on(t.nid)],
);

/**
 * Self-test schedules (section 3): monthly function test on `day` at `minuteOfDay`, or yearly duration test
 * in `month`, in the network's time zone; stagger split and target.
 */
export const emergencySchedules = pgTable(
  'emergency_schedules',
  {
    id: serial('id').primaryKey(),
    nid: nidColumn(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    testKind: text('test_kind').notNull(),
    day: smallint('day').notNull(),
    month: smallint('month'),
    minuteOfDay: smallint('minute_of_day').notNull(),
    durationKind: text('duration_kind').notNull().default('preset'),
    durationMinutes: integer('duration_minutes'),
    maxDelayMinutes: smallint('max_delay_minutes').notNull().default(15),
    stagger: text('stagger').notNull().default('zone'),
    /** `{kind, ids?}` as EmergencyTargetSchema. */
    target: jsonb('target').$type<{ kind: string; ids?: number[] }>().notNull(),
    /** The scheduling job's progress: last window it opened. */
    lastWindowAt: instant('last_window_at'),
    createdBy: createdBy(),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('emergency_schedules_nid_idx').on(t.nid)],
);

/**
 * Test records (append-only): one graded test of one fitting. The grade comes from the domain grading
 * (`gradeTest`) when a result arrives, or `missed` when a window closes without one. A correction is a new
 * row with `corrects_id`.
 */
export const emergencyTestRecords = pgTable(
  'emergency_test_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...fittingCopy(),
    kind: text('kind').notNull(),
    windowKind: text('window_kind').notNull().default('none'),
    windowStart: instant('window_start'),
    windowEnd: instant('window_end'),
    startSource: text('start_source').notNull(),
    scheduleId: integer('schedule_id'),
    taskId: integer('task_id'),
    requestedBy: integer('requested_by'),
    startedAt: instant('started_at'),
    endedAt: instant('ended_at'),
    grade: text('grade').notNull(),
    failureBits: smallint('failure_bits').notNull().default(0),
    achievedMinutes: integer('achieved_minutes'),
    ratedMinutes: integer('rated_minutes'),
    /** A duration test shorter than the rated duration (domain `isFullDurationTest`): not the year's test. */
    partial: boolean('partial').notNull().default(false),
    stoppedBy: integer('stopped_by'),
    stoppedByName: text('stopped_by_name'),
    stoppedAt: instant('stopped_at'),
    retestBooked: boolean('retest_booked').notNull().default(false),
    correctsId: bigint('corrects_id', { mode: 'number' }),
    remark: text('remark').notNull().default(''),
    /** The report that carried the result (gateway and report sequence), so a redelivery adds nothing. */
    gatewaySn: text('gateway_sn'),
    reportSeq: bigint('report_seq', { mode: 'number' }),
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('emergency_test_records_nid_idx').on(t.nid, t.createdAt),
    // When the test took place (a result reported late, or a past one replayed, is recorded later).
    index('emergency_test_records_nid_time_idx').on(t.nid, sql`coalesce(${t.endedAt}, ${t.createdAt})`),
    index('emergency_test_records_device_idx').on(t.deviceId, t.kind, t.endedAt),
    index('emergency_test_records_report_idx').on(t.gatewaySn, t.reportSeq),
  ],
);

/** Faults (append-only): opened from failure bits; state comes from its entries. */
export const emergencyFaults = pgTable(
  'emergency_faults',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...fittingCopy(),
    emergencyType: smallint('emergency_type').notNull(),
    failureBits: smallint('failure_bits').notNull(),
    testRecordId: bigint('test_record_id', { mode: 'number' }),
    openedAt: instant('opened_at').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('emergency_faults_nid_idx').on(t.nid, t.openedAt), index('emergency_faults_device_idx').on(t.deviceId)],
);

/**
 * Fault workflow entries (append-only): opened, safeguard, rectify, verify, confirm, confirmUpdate,
 * retestBooked, retestResult, closed; each with time done, person and remark as entered, and the user.
 */
export const emergencyFaultEntries = pgTable(
  'emergency_fault_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    faultId: bigint('fault_id', { mode: 'number' })
      .notNull()
      .references(() => emergencyFaults.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    at: instant('at').notNull(),
    person: text('person').notNull().default(''),
    remark: text('remark').notNull().default(''),
    byUid: integer('by_uid'),
    byName: text('by_name'),
    testRecordId: bigint('test_record_id', { mode: 'number' }),
    correctsId: bigint('corrects_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('emergency_fault_entries_fault_idx').on(t.faultId, t.id)],
);

/** Mode changes of fittings (model log), append-only like the records. */
export const emergencyModeChanges = pgTable(
  'emergency_mode_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nid: integer('nid').notNull(),
    deviceId: integer('device_id'),
    fittingName: text('fitting_name').notNull(),
    location: text('location'),
    at: instant('at').notNull(),
    fromMode: smallint('from_mode'),
    toMode: smallint('to_mode').notNull(),
    statusBits: smallint('status_bits').notNull().default(0),
    failureBits: smallint('failure_bits').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('emergency_mode_changes_nid_idx').on(t.nid, t.at),
    index('emergency_mode_changes_device_idx').on(t.deviceId, t.at),
  ],
);
