import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, instant, updatedAt } from './schema-columns.ts';
import { createdBy, files, projects, users } from './schema-console.ts';

/**
 * A project's header settings (page 9-3 `/setting/header`): what every printed record and report
 * e-mail of the project shows at the top. One row per project, made on the first change.
 */
export const projectReportSetups = pgTable('project_report_setups', {
  pid: integer('pid')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  companyTitle: text('company_title').notNull().default(''),
  signatoryName: text('signatory_name').notNull().default(''),
  signatoryRole: text('signatory_role').notNull().default(''),
  contactName: text('contact_name').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  address: text('address').notNull().default(''),
  /** The 216×162 logo and the 792×162 wide logo: stored files (`logo-…`), removed with the setting. */
  logo: text('logo').references(() => files.name, { onDelete: 'set null' }),
  wideLogo: text('wide_logo').references(() => files.name, { onDelete: 'set null' }),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * A project's e-mail recipients (section 3 "e-mail settings"): address, language code (0-3 as users),
 * the kinds of mail they take, and activation. Only the SHA-256 of the activation token is kept.
 */
export const projectRecipients = pgTable(
  'project_recipients',
  {
    id: serial('id').primaryKey(),
    pid: belongsTo('pid', () => projects.id),
    email: text('email').notNull(),
    language: smallint('language').notNull(),
    kinds: text('kinds').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    linkExpiresAt: instant('link_expires_at').notNull(),
    activatedAt: instant('activated_at'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_recipients_pid_email_key').on(t.pid, t.email),
    uniqueIndex('project_recipients_token_key').on(t.tokenHash),
    index('project_recipients_active_idx').on(t.pid).where(sql`${t.activatedAt} IS NOT NULL`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Report downloads (2-3 `/project/report/download`, 2-4 `/project/report/download/node`): each row a report
 * asked for, the job that builds it and, once done, its file. Any server process claims a queued job (or one
 * whose process stopped beating its heart) with `FOR UPDATE SKIP LOCKED`; a done or failed report is kept
 * until `expires_at` (30 days), then purged (docs/decisions.md "Report downloads").
 */
export const reportJobs = pgTable(
  'report_jobs',
  {
    id: serial('id').primaryKey(),
    /** 'project' or 'device'. */
    kind: text('kind').notNull(),
    pid: belongsTo('pid', () => projects.id),
    /** The networks the report covers: a reader must belong to each. */
    nids: integer('nids').array().notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The name of who asked, kept when the account goes. */
    requestedByName: text('requested_by_name').notNull(),
    /** What was asked: period, sections, device target, and the time it was asked (`ReportJobParams`). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    format: text('format').notNull(),
    /** Language code (0-3) and time format of the asker, which the file is written in. */
    language: smallint('language').notNull(),
    timeFormat: smallint('time_format').notNull(),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    /** 'queued', 'running', 'done' or 'failed'. */
    state: text('state').notNull().default('queued'),
    progress: smallint('progress').notNull().default(0),
    attempts: smallint('attempts').notNull().default(0),
    /** The process running it and when it last said so (a stale heartbeat lets another take it). */
    claimedBy: text('claimed_by'),
    heartbeatAt: instant('heartbeat_at'),
    fileName: text('file_name'),
    mime: text('mime'),
    size: integer('size'),
    data: bytea('data'),
    error: text('error'),
    createdAt: instant('created_at').notNull().defaultNow(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
    expiresAt: instant('expires_at'),
  },
  (t) => [
    uniqueIndex('report_jobs_file_name_key').on(t.fileName),
    index('report_jobs_pid_idx').on(t.pid, t.createdAt),
    index('report_jobs_pending_idx').on(t.id).where(sql`${t.state} IN ('queued', 'running')`),
    index('report_jobs_expires_idx').on(t.expiresAt),
  ],
);
