import { z } from 'zod';
import { RuleMessages } from '../calls/input-problems.ts';
import { REPORT_SECTIONS } from '../calls/report.ts';
import { EquipmentStatisticsSchema } from '../equipment/schemas.ts';
import { REPORT_CYCLES } from '../report-cycle/cycles.ts';
import { IdSchema } from './common.ts';
import { RecipientKindSchema, RecipientLanguageSchema, RecipientSchema } from './report-setup.ts';

/*
 * E-mailed report cycles (spec section 1; pages 9-4 `/setting/report`, 2-5
 * `/project/report/email/reception`, 2-6 `/project/report/generation/automaticData`, and the public
 * `/email/register` and `/report/projectPDF1`; docs/decisions.md "Report cycles").
 */

const epoch = (what: string) => z.number().int().describe(`${what}: epoch seconds, UTC`);

/** A cycle's report goes out on the first (1) or second (2) day after its period. */
export const ReportSendDaySchema = z.union([z.literal(1), z.literal(2)]);

/** The sections a cycle's report holds, each once (the download's sections). */
export const ReportCycleSectionsSchema = z
  .array(z.enum(REPORT_SECTIONS))
  .min(1)
  .max(REPORT_SECTIONS.length)
  .refine((list) => new Set(list).size === list.length, { message: RuleMessages.duplicate });

/** Sections of a cycle nobody has set yet. */
export const DEFAULT_REPORT_CYCLE_SECTIONS = ['energy', 'cost', 'co2'] as const;

/** One cycle as an editor sets it. */
export const ReportCycleInputSchema = z.strictObject({
  cycle: z.enum(REPORT_CYCLES),
  enabled: z.boolean(),
  sendDay: ReportSendDaySchema,
  sections: ReportCycleSectionsSchema,
});
export type ReportCycleInput = z.output<typeof ReportCycleInputSchema>;

/** The cycles of a project as set, each cycle at most once. */
export const ReportCycleListSchema = z
  .array(ReportCycleInputSchema)
  .min(1)
  .max(REPORT_CYCLES.length)
  .refine((list) => new Set(list.map((item) => item.cycle)).size === list.length, {
    message: RuleMessages.duplicate,
  });

/** A cycle as the settings page shows it: what is set, since when it runs and its next send. */
export const ReportCycleSettingSchema = z.object({
  cycle: z.enum(REPORT_CYCLES),
  enabled: z.boolean(),
  sendDay: ReportSendDaySchema,
  sections: z.array(z.enum(REPORT_SECTIONS)),
  enabledAt: epoch('Switched on').nullable(),
  /** The next planned send and the period it reports (null while off or without networks). */
  next: z.object({ at: epoch('Planned send'), key: z.string() }).nullable(),
});
export type ReportCycleSetting = z.infer<typeof ReportCycleSettingSchema>;

/** A project's report cycles (`/setting/report`); `canEdit` as for the header settings. */
export const ReportCycleSettingsSchema = z.object({
  pid: IdSchema,
  projectName: z.string(),
  canEdit: z.boolean(),
  cycles: z.array(ReportCycleSettingSchema),
});
export type ReportCycleSettings = z.infer<typeof ReportCycleSettingsSchema>;

/** What an automatic report run is of: the project's energy report, a network's self-test report, a fault. */
export const REPORT_RUN_KINDS = ['energy', 'selfTest', 'fault'] as const;
export type ReportRunKind = (typeof REPORT_RUN_KINDS)[number];
/** The cycles of runs: the four periodic ones, and real time for faults. */
export const REPORT_RUN_CYCLES = [...REPORT_CYCLES, 'realtime'] as const;
export type ReportRunCycle = (typeof REPORT_RUN_CYCLES)[number];
/**
 * States of a run (docs/decisions.md "Report cycles"): `due` from its send time until every delivery is
 * settled, then `sent`, `failed` (`reason` says why) or `skipped` (nobody to send to, no network).
 */
export const REPORT_RUN_STATES = ['due', 'sent', 'failed', 'skipped'] as const;
export type ReportRunState = (typeof REPORT_RUN_STATES)[number];
/** States of one delivery: `sending` from the recorded intent until the mail server answers. */
export const REPORT_DELIVERY_STATES = ['sending', 'sent', 'failed'] as const;
export type ReportDeliveryState = (typeof REPORT_DELIVERY_STATES)[number];
/** Figures a run names in its list (the totals it carried). */
export const REPORT_FIGURE_NAMES = [
  'networks',
  'energyKWh',
  'cost',
  'co2Kg',
  'savedCo2Kg',
  'tests',
  'notPassed',
  'faults',
] as const;
/** Why a late run is late: the console was not running at its time, or it could not go then. */
export const REPORT_LATE_REASONS = ['downtime', 'delayed'] as const;
export type ReportLateReason = (typeof REPORT_LATE_REASONS)[number];

/** One delivery of a run: to whom, in which language, the Message-ID and the mail server's answer. */
export const ReportDeliverySchema = z.object({
  id: IdSchema,
  email: z.string(),
  language: RecipientLanguageSchema,
  formats: z.array(z.enum(['pdf', 'csv'])),
  /** 0 for the scheduled mail, 1 and up for copies sent again on request. */
  copy: z.number().int().min(0),
  state: z.enum(REPORT_DELIVERY_STATES),
  messageId: z.string().describe('Message-ID header, recorded before the message was handed to SMTP'),
  serverAnswer: z.string().nullable().describe("The mail server's answer (queue id), or 'kept' without SMTP"),
  attempts: z.number().int(),
  intentAt: epoch('Intent recorded'),
  sentAt: epoch('Accepted by the mail server').nullable(),
  error: z.string().nullable(),
});
export type ReportDelivery = z.infer<typeof ReportDeliverySchema>;

/** A stored file of a run: the exact bytes its mails carried, named for `fileDownloadUrl`. */
export const ReportRunFileSchema = z.object({
  fileName: z.string(),
  format: z.enum(['pdf', 'csv']),
  language: RecipientLanguageSchema,
  size: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ReportRunFile = z.infer<typeof ReportRunFileSchema>;

/** An automatic report run as the automatic data page (2-6) lists it. */
export const ReportRunRecordSchema = z.object({
  id: IdSchema,
  kind: z.enum(REPORT_RUN_KINDS),
  cycle: z.enum(REPORT_RUN_CYCLES),
  periodKey: z.string().describe('2026-W01, 2026-03, 2026-Q1, 2026; F<fault id> for a fault'),
  version: z.number().int().min(1),
  /** The run this version restates (null for the first version). */
  restates: IdSchema.nullable(),
  /** The network of a self-test or fault run (null: the whole project). */
  network: z.object({ nid: IdSchema, name: z.string() }).nullable(),
  periodStart: epoch('Period start'),
  periodEnd: epoch('Period end (exclusive)'),
  sendAt: epoch('Planned send'),
  late: z.boolean(),
  lateReason: z.enum(REPORT_LATE_REASONS).nullable(),
  /** When the console last ran before this late run (downtime from then); null when unknown. */
  lateSince: epoch('Console last seen').nullable(),
  state: z.enum(REPORT_RUN_STATES),
  reason: z.string().nullable(),
  sections: z.array(z.enum(REPORT_SECTIONS)),
  createdAt: epoch('Recorded'),
  issuedAt: epoch('Figures fixed').nullable(),
  finishedAt: epoch('Settled').nullable(),
  figures: z.array(z.object({ name: z.enum(REPORT_FIGURE_NAMES), value: z.number(), unit: z.string().nullable() })),
  files: z.array(ReportRunFileSchema),
  deliveries: z.array(ReportDeliverySchema),
  /** A newer version restates this one. */
  restated: z.boolean(),
});
export type ReportRunRecord = z.infer<typeof ReportRunRecordSchema>;

/** A recipient as the reception page (2-5) shows it: its setting, pause, CSV, last mail and next one due. */
export const RecipientReceptionSchema = RecipientSchema.extend({
  paused: z.boolean(),
  csv: z.boolean(),
  lastSentAt: epoch('Last mail accepted by the mail server').nullable(),
  lastKind: z.enum(REPORT_RUN_KINDS).nullable(),
  /** The next report mail due to this recipient (faults are real time and not planned). */
  nextDue: z
    .object({ at: epoch('Due'), kind: z.enum(REPORT_RUN_KINDS), cycle: z.enum(REPORT_RUN_CYCLES), key: z.string() })
    .nullable(),
});
export type RecipientReception = z.infer<typeof RecipientReceptionSchema>;

/** A recipient's own settings, as the public `/email/register` page shows them. */
export const RecipientPreferencesSchema = z.object({
  email: z.string(),
  projectName: z.string(),
  language: RecipientLanguageSchema,
  kinds: z.array(RecipientKindSchema),
  csv: z.boolean(),
  /** The kind of mail the link came with (what one-click unsubscribe stops). */
  linkKind: RecipientKindSchema,
  /** `active`, or `removed` once the recipient unsubscribed from everything. */
  state: z.enum(['active', 'removed']),
});
export type RecipientPreferences = z.infer<typeof RecipientPreferencesSchema>;

/** The signed link of a report e-mail, as it travels in the URL. */
export const ReportLinkSchema = z.string().regex(/^[A-Za-z0-9_-]{16,1500}\.[A-Za-z0-9_-]{43}$/, 'a report link');

/** A cell of the web version of a report. */
const ReportViewCellSchema = z.union([z.string(), z.number(), z.null()]);

/** A report as the public print page `/report/projectPDF1` shows it: the same texts and tables as the PDF. */
export const ReportViewSchema = z.object({
  projectName: z.string(),
  cycle: z.enum(REPORT_CYCLES),
  periodKey: z.string(),
  version: z.number().int(),
  issuedAt: epoch('Figures fixed'),
  language: RecipientLanguageSchema,
  /** SHA-256 of the PDF the e-mail carried in this language (null when none was written in it). */
  sha256: z.string().nullable(),
  /**
   * The signed link of the network equipment statistics issued with this report
   * (`/report/networkEquipDataPDF?link=…`, valid as long as this one); null when the report has no equipment section.
   */
  equipmentLink: ReportLinkSchema.nullable(),
  title: z.string(),
  lines: z.array(z.string()),
  parts: z.array(
    z.object({
      name: z.string(),
      blocks: z.array(
        z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('paragraph'), text: z.string() }),
          z.object({
            kind: z.literal('table'),
            title: z.string(),
            columns: z.array(z.object({ label: z.string(), decimals: z.number().int().nullable() })),
            rows: z.array(z.array(ReportViewCellSchema)),
            highlight: z.array(z.boolean()),
          }),
        ]),
      ),
    }),
  ),
});
export type ReportView = z.infer<typeof ReportViewSchema>;

/**
 * The network equipment statistics as issued with one periodic report (the public print form
 * `/report/networkEquipDataPDF?link=…`): the figures stored with the run, never computed again, and the run
 * they came with.
 */
export const IssuedEquipmentSchema = EquipmentStatisticsSchema.extend({
  issued: z.object({
    cycle: z.enum(REPORT_CYCLES),
    periodKey: z.string(),
    version: z.number().int(),
    issuedAt: epoch('Figures fixed'),
  }),
});
export type IssuedEquipment = z.infer<typeof IssuedEquipmentSchema>;
