import { z } from 'zod';
import { IdSchema } from '../schemas/common.ts';
import {
  ActivationLinkSchema,
  ActivationResultSchema,
  LogoDataSchema,
  LogoSlotSchema,
  RecipientListSchema,
  RecipientSchema,
  ReportSetupFieldsShape,
  ReportSetupSchema,
} from '../schemas/report-setup.ts';
import { type CallDef, defineCall } from './define.ts';

const pid = { pid: IdSchema };

/**
 * A project's header settings and e-mail recipients (section 7 `/api/v1/project/reportProjectSetup/…`
 * and `/projectSettingEmail/…`, payloads designed: "not shown"; page 9-3 `/setting/header`).
 */
export const reportSetupCalls = {
  reportSetupAll: defineCall({
    path: '/api/v1/project/reportProjectSetup/all',
    auth: true,
    tag: 'report-setup',
    summary: "A project's header settings: company title, both logos, signatory and contact fields (every member)",
    payload: pid,
    data: ReportSetupSchema,
  }),
  reportSetupUpdate: defineCall({
    path: '/api/v1/project/reportProjectSetup/update',
    auth: true,
    tag: 'report-setup',
    summary: "Replace a project's header text fields (its creator, or an owner or installer of one of its networks)",
    payload: { ...pid, ...ReportSetupFieldsShape },
    data: ReportSetupSchema,
  }),
  reportSetupLogo: defineCall({
    path: '/api/v1/project/reportProjectSetup/logo',
    auth: true,
    tag: 'report-setup',
    summary:
      'Set (base64 JPG or PNG up to 700 KiB; 1066 otherwise) or remove (null) the 216×162 logo or the 792×162 wide logo',
    payload: { ...pid, slot: LogoSlotSchema, image: LogoDataSchema.nullable() },
    data: ReportSetupSchema,
  }),
  recipientAll: defineCall({
    path: '/api/v1/project/projectSettingEmail/all',
    auth: true,
    tag: 'report-setup',
    summary: "A project's e-mail recipients with language, kinds and activation state (editors only; 1050 when none)",
    payload: pid,
    data: z.array(RecipientSchema),
  }),
  recipientUpdate: defineCall({
    path: '/api/v1/project/projectSettingEmail/update',
    auth: true,
    tag: 'report-setup',
    summary:
      "Replace a project's recipients (up to 20): new addresses get an activation e-mail, kept ones keep their state",
    payload: { ...pid, recipients: RecipientListSchema },
    data: z.array(RecipientSchema),
  }),
  recipientResend: defineCall({
    path: '/api/v1/project/projectSettingEmail/resend',
    auth: true,
    tag: 'report-setup',
    summary: 'Send a pending or expired recipient a new activation link, valid 7 days (1065 when already active)',
    payload: { ...pid, id: IdSchema },
    data: RecipientSchema,
  }),
  recipientActivate: defineCall({
    path: '/api/v1/project/projectSettingEmail/active',
    auth: false,
    tag: 'report-setup',
    summary: 'Public: open an activation link; the recipient starts receiving mail (successful, expired or failed)',
    payload: { link: ActivationLinkSchema },
    data: ActivationResultSchema,
  }),
} satisfies Record<string, CallDef>;
