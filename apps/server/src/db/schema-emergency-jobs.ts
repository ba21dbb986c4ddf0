import { bigint, bigserial, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, instant } from './schema-columns.ts';
import { nidColumn } from './schema-console.ts';
import { emergencySchedules } from './schema-emergency.ts';

/*
 * Working state of the emergency jobs (docs/decisions.md "Emergency lighting"): the staggered batches of
 * a self-test window and the fault e-mails waiting to go out. Neither is part of the inspector's record;
 * both go with their network.
 */

/**
 * One batch of a schedule's window (stagger plan): the fittings that may test together and when the batch
 * is due. The job claims a batch by setting `started_at` where it is null, so a batch starts exactly once
 * across server processes.
 */
export const emergencyTestRuns = pgTable(
  'emergency_test_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduleId: belongsTo('schedule_id', () => emergencySchedules.id),
    nid: nidColumn(),
    testKind: text('test_kind').notNull(),
    windowStart: instant('window_start').notNull(),
    windowEnd: instant('window_end').notNull(),
    batch: smallint('batch').notNull(),
    deviceIds: jsonb('device_ids').$type<number[]>().notNull(),
    dueAt: instant('due_at').notNull(),
    startedAt: instant('started_at'),
    taskId: integer('task_id'),
    result: text('result'),
  },
  (t) => [
    uniqueIndex('emergency_test_runs_key').on(t.scheduleId, t.windowStart, t.batch),
    index('emergency_test_runs_due_idx').on(t.dueAt),
  ],
);

/**
 * One more try of a fitting a batch of an open window did not reach (offline, no answer, gateway refused),
 * started once it is back (docs/decisions.md "Emergency lighting"): `attempt` counts the tries of that
 * fitting in that window, and the unique key on schedule, window, fitting and attempt claims each try for
 * one process, so a fitting is never sent the window's test twice at once. `task_id` is the task that
 * carried the try; `result` says what became of starting it.
 */
export const emergencyTestRetries = pgTable(
  'emergency_test_retries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduleId: belongsTo('schedule_id', () => emergencySchedules.id),
    nid: nidColumn(),
    windowStart: instant('window_start').notNull(),
    deviceId: integer('device_id').notNull(),
    attempt: smallint('attempt').notNull(),
    startedAt: instant('started_at').notNull(),
    taskId: integer('task_id'),
    result: text('result'),
  },
  (t) => [uniqueIndex('emergency_test_retries_key').on(t.scheduleId, t.windowStart, t.deviceId, t.attempt)],
);

/**
 * A fault e-mail owed to one recipient (outbox of the fault mail): one row per fault and address, so a
 * fault is mailed once; `due_at` moves forward while the fitting's throttle holds, and a sender claims
 * due rows by setting `claimed_at`, so each goes out exactly once across server processes.
 */
export const emergencyFaultNotices = pgTable(
  'emergency_fault_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    faultId: bigint('fault_id', { mode: 'number' }).notNull(),
    nid: nidColumn(),
    deviceId: integer('device_id'),
    email: text('email').notNull(),
    language: smallint('language').notNull(),
    dueAt: instant('due_at').notNull(),
    claimedAt: instant('claimed_at'),
    sentAt: instant('sent_at'),
    outboxId: integer('outbox_id'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('emergency_fault_notices_key').on(t.faultId, t.email),
    index('emergency_fault_notices_due_idx').on(t.dueAt),
    index('emergency_fault_notices_device_idx').on(t.deviceId, t.email, t.sentAt),
  ],
);
