import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files, projects, users } from './schema-console.ts';

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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A project's e-mail recipients (section 3 "e-mail settings"): address, language code (0-3 as users),
 * the kinds of mail they take, and activation. Only the SHA-256 of the activation token is kept.
 */
export const projectRecipients = pgTable(
  'project_recipients',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    language: smallint('language').notNull(),
    kinds: text('kinds').array().notNull(),
    tokenHash: text('token_hash').notNull(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }).notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_recipients_pid_email_key').on(t.pid, t.email),
    uniqueIndex('project_recipients_token_key').on(t.tokenHash),
    index('project_recipients_active_idx').on(t.pid).where(sql`${t.activatedAt} IS NOT NULL`),
  ],
);
