import { z } from 'zod';
import { IdSchema } from '../schemas/common.ts';
import {
  IssuedEquipmentSchema,
  REPORT_RUN_KINDS,
  RecipientPreferencesSchema,
  RecipientReceptionSchema,
  ReportCycleListSchema,
  ReportCycleSettingsSchema,
  ReportLinkSchema,
  ReportRunRecordSchema,
  ReportViewSchema,
} from '../schemas/report-cycle.ts';
import { RecipientKindSchema, RecipientLanguageSchema } from '../schemas/report-setup.ts';
import { type CallDef, defineCall, nothing } from './define.ts';
import { RuleMessages } from './input-problems.ts';

const pid = { pid: IdSchema };
const link = { link: ReportLinkSchema };

/**
 * E-mailed report cycles (spec section 1, pages 9-4, 2-5, 2-6, `/email/register`, `/report/projectPDF1`;
 * docs/api.md "Report cycles"). Every member of a project reads its cycles; its creator, owners and
 * installers of its live networks (who may change the header settings) change them and see runs and
 * recipients, which are other people's addresses; anyone else gets 1013. The public calls take a signed,
 * expiring link from a report e-mail (1065 when tampered with or expired).
 */
export const reportCycleCalls = {
  reportCycleAll: defineCall({
    path: '/api/v1/project/reportCycle/all',
    auth: true,
    tag: 'report-cycle',
    summary: "A project's report cycles (weekly, monthly, quarterly, yearly): on or off, send day, sections, next send",
    payload: pid,
    data: ReportCycleSettingsSchema,
  }),
  reportCycleUpdate: defineCall({
    path: '/api/v1/project/reportCycle/update',
    auth: true,
    tag: 'report-cycle',
    summary: 'Set the cycles given (on or off, send day 1 or 2, sections); cycles left out keep their setting',
    payload: { ...pid, cycles: ReportCycleListSchema },
    data: ReportCycleSettingsSchema,
  }),
  reportRunList: defineCall({
    path: '/api/v1/project/reportRun/list',
    auth: true,
    tag: 'report-cycle',
    summary: "A project's automatic report runs, newest first, with deliveries, figures and file hashes (1050 none)",
    payload: { ...pid, kind: z.enum(REPORT_RUN_KINDS).optional() },
    data: z.array(ReportRunRecordSchema),
  }),
  reportRunRestate: defineCall({
    path: '/api/v1/project/reportRun/restate',
    auth: true,
    tag: 'report-cycle',
    summary:
      "Issue a new version of an issued energy report with today's figures, mailed as a restatement (1105 while not issued or not the newest)",
    payload: { ...pid, id: IdSchema },
    data: ReportRunRecordSchema,
  }),
  reportRunResend: defineCall({
    path: '/api/v1/project/reportRun/resend',
    auth: true,
    tag: 'report-cycle',
    summary: 'Mail a copy of the exact message a delivery carried, as a new message (1105 while the run is due)',
    payload: { ...pid, id: IdSchema, deliveryId: IdSchema },
    data: ReportRunRecordSchema,
  }),
  recipientReception: defineCall({
    path: '/api/v1/project/projectSettingEmail/reception',
    auth: true,
    tag: 'report-cycle',
    summary: "A project's recipients with their state, pause, CSV wish, last mail sent and next one due (1050 none)",
    payload: pid,
    data: z.array(RecipientReceptionSchema),
  }),
  recipientSet: defineCall({
    path: '/api/v1/project/projectSettingEmail/set',
    auth: true,
    tag: 'report-cycle',
    summary: 'Pause or resume a recipient, or have the CSV attached to its reports too',
    payload: { ...pid, id: IdSchema, paused: z.boolean().optional(), csv: z.boolean().optional() },
    refine: [(payload) => payload.paused !== undefined || payload.csv !== undefined, RuleMessages.nothingToChange],
    data: RecipientReceptionSchema,
  }),
  recipientRemove: defineCall({
    path: '/api/v1/project/projectSettingEmail/remove',
    auth: true,
    tag: 'report-cycle',
    summary: 'Remove one recipient of a project; its past deliveries stay recorded',
    payload: { ...pid, id: IdSchema },
    data: nothing,
  }),
  reportRunView: defineCall({
    path: '/api/v1/report/cycle/view',
    auth: false,
    tag: 'report-cycle',
    summary: 'Public: the issued report a signed e-mail link names, as the web version of its PDF (1065 otherwise)',
    payload: link,
    data: ReportViewSchema,
  }),
  reportRunEquipment: defineCall({
    path: '/api/v1/report/cycle/equipment',
    auth: false,
    tag: 'report-cycle',
    summary:
      'Public: the network equipment statistics issued with the report a signed e-mail link names, as stored with it (1065 otherwise)',
    payload: link,
    data: IssuedEquipmentSchema,
  }),
  recipientLinkInfo: defineCall({
    path: '/api/v1/project/projectSettingEmail/register/info',
    auth: false,
    tag: 'report-cycle',
    summary: "Public: a recipient's own settings from the signed link of a report e-mail (1065 otherwise)",
    payload: link,
    data: RecipientPreferencesSchema,
  }),
  recipientLinkSave: defineCall({
    path: '/api/v1/project/projectSettingEmail/register/save',
    auth: false,
    tag: 'report-cycle',
    summary: 'Public: confirm the address and choose language, kinds and CSV (no kinds: unsubscribe from all)',
    payload: {
      ...link,
      language: RecipientLanguageSchema,
      kinds: z
        .array(RecipientKindSchema)
        .max(3)
        .refine((kinds) => new Set(kinds).size === kinds.length, { message: RuleMessages.duplicate }),
      csv: z.boolean(),
    },
    data: RecipientPreferencesSchema,
  }),
  recipientLinkUnsubscribe: defineCall({
    path: '/api/v1/project/projectSettingEmail/register/unsubscribe',
    auth: false,
    tag: 'report-cycle',
    summary: 'Public: stop the kind of mail the link came with, or with `all` every kind (the recipient is removed)',
    payload: { ...link, all: z.boolean().default(false) },
    data: RecipientPreferencesSchema,
  }),
} satisfies Record<string, CallDef>;
