import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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
import { belongsTo, instant } from './schema-columns.ts';
import { projects, users } from './schema-console.ts';
import { projectRecipients } from './schema-reports.ts';

/*
 * E-mailed report cycles (docs/decisions.md "Report cycles"): what each project sends on which cycle, every
 * automatic run with its fixed figures and files, and every delivery with its Message-ID, recorded before
 * the message is handed to the mail server.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A project's setting of one cycle (`/setting/report`, 9-4): on or off, send day, sections. */
export const reportCycleSettings = pgTable(
  'report_cycle_settings',
  {
    pid: belongsTo('pid', () => projects.id),
    /** weekly, monthly, quarterly or yearly. */
    cycle: text('cycle').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** 1 or 2: the first or second day after the period. */
    sendDay: smallint('send_day').notNull().default(1),
    sections: text('sections').array().notNull(),
    /** When it was last switched on: periods before the one holding it are never sent. */
    enabledAt: instant('enabled_at'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pid, t.cycle] })],
);

/**
 * One automatic run: a report of a project (nid 0) or of a network for one period of a cycle, in one
 * version; or the real-time mail of one fault. Unique per (project, network, kind, cycle, period, version):
 * inserted with ON CONFLICT DO NOTHING, so every period is claimed once across processes, then built under
 * a lease taken with FOR UPDATE SKIP LOCKED. Its figures and files, once stored, are never computed again.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: serial('id').primaryKey(),
    pid: belongsTo('pid', () => projects.id),
    /** The network of a self-test or fault run; 0 for a run of the whole project. */
    nid: integer('nid').notNull().default(0),
    /** energy, selfTest or fault. */
    kind: text('kind').notNull(),
    /** weekly, monthly, quarterly, yearly, or realtime. */
    cycle: text('cycle').notNull(),
    periodKey: text('period_key').notNull(),
    version: integer('version').notNull().default(1),
    /** The run a restatement replaces. */
    restates: integer('restates'),
    /** The networks the figures cover, fixed when they are. */
    nids: integer('nids').array().notNull().default(sql`'{}'::integer[]`),
    sections: text('sections').array().notNull().default(sql`'{}'::text[]`),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    /** The planned send time. */
    sendAt: instant('send_at').notNull(),
    late: boolean('late').notNull().default(false),
    /** downtime (the console was not running at the send time) or delayed. */
    lateReason: text('late_reason'),
    /** When the console last ran before a late run was claimed (the downtime's start). */
    lateSince: instant('late_since'),
    /** due, sent, failed or skipped. */
    state: text('state').notNull().default('due'),
    reason: text('reason'),
    attempts: smallint('attempts').notNull().default(0),
    /** The process building it and until when its claim holds (a lapsed lease lets another take it). */
    claimedBy: text('claimed_by'),
    leaseUntil: instant('lease_until'),
    /** Every figure the report carried, as computed once. */
    figures: jsonb('figures').$type<Record<string, unknown>>(),
    /** The totals the automatic data page names. */
    summary: jsonb('summary').$type<{ name: string; value: number; unit: string | null }[]>(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    issuedAt: instant('issued_at'),
    /** When the delivery intents were recorded (null: not yet). */
    deliveriesAt: instant('deliveries_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [
    uniqueIndex('report_runs_claim_key').on(t.pid, t.nid, t.kind, t.cycle, t.periodKey, t.version),
    index('report_runs_due_idx').on(t.sendAt, t.id).where(sql`${t.state} = 'due'`),
    index('report_runs_pid_idx').on(t.pid, t.createdAt),
  ],
);

/** The files of a run, written once per language and format from its stored figures. */
export const reportRunFiles = pgTable(
  'report_run_files',
  {
    id: serial('id').primaryKey(),
    runId: belongsTo('run_id', () => reportRuns.id),
    language: smallint('language').notNull(),
    /** pdf or csv. */
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_run_files_key').on(t.runId, t.language, t.format),
    uniqueIndex('report_run_files_name_key').on(t.fileName),
  ],
);

/**
 * One message of a run to one address. The row (with its deterministic Message-ID and everything needed to
 * write the message again) is the intent, recorded before SMTP; the mail server's answer is recorded after.
 * An intent whose lease lapsed (its process died mid-send) is sent again with the same Message-ID.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: serial('id').primaryKey(),
    runId: belongsTo('run_id', () => reportRuns.id),
    recipientId: integer('recipient_id').references(() => projectRecipients.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    language: smallint('language').notNull(),
    /** Attached formats: pdf, csv. */
    formats: text('formats').array().notNull(),
    /** 0: the scheduled mail; 1 and up: copies sent again on request. */
    copy: smallint('copy').notNull().default(0),
    messageId: text('message_id').notNull(),
    /** The template and values the message is written from, and its extra headers and attached files. */
    template: jsonb('template').$type<Record<string, unknown>>().notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    fileIds: integer('file_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** intent (recorded, not yet answered), sent or failed. */
    state: text('state').notNull().default('intent'),
    /** Whether a failed attempt is tried again (periodic reports) or the delivery fails at once (faults). */
    retry: boolean('retry').notNull().default(true),
    attempts: smallint('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    leaseUntil: instant('lease_until'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    intentAt: instant('intent_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    serverMessageId: text('server_message_id'),
    serverAnswer: text('server_answer'),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('report_deliveries_key').on(t.runId, t.email, t.copy),
    uniqueIndex('report_deliveries_message_key').on(t.messageId),
    index('report_deliveries_open_idx').on(t.leaseUntil).where(sql`${t.state} = 'intent'`),
    index('report_deliveries_email_idx').on(t.email, t.sentAt),
  ],
);

/** A recipient's delivery preferences: paused by an editor, and the CSV attached on request. */
export const recipientPreferences = pgTable('recipient_preferences', {
  recipientId: integer('recipient_id')
    .primaryKey()
    .references(() => projectRecipients.id, { onDelete: 'cascade' }),
  csv: boolean('csv').notNull().default(false),
  pausedAt: instant('paused_at'),
  pausedBy: integer('paused_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});
