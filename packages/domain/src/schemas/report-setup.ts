import { z } from 'zod';
import { RuleMessages } from '../calls/input-problems.ts';
import { EmailSchema, IdSchema, text } from './common.ts';

/*
 * A project's report setup (section 3 "Report settings": company title, logo, signatory and contact
 * fields; page 9-3 `/setting/header`) and its e-mail recipients (section 3 "e-mail settings"; section 4
 * "Activation"). Printed records and report e-mails of every kind read them.
 */

/** The two logo boxes of section 5 in pixels: the logo beside the company title, and the wide banner. */
export const LOGO_BOXES = {
  logo: { width: 216, height: 162 },
  wideLogo: { width: 792, height: 162 },
} as const;

/** Which of the two logos. */
export const LogoSlotSchema = z.enum(['logo', 'wideLogo']);
export type LogoSlot = z.infer<typeof LogoSlotSchema>;

/**
 * A logo as sent: base64 of a JPG or PNG (the types a PDF embeds; BMP is refused with 1066) of at most
 * 700 KiB, which a JSON call of at most 1 MiB carries. The type is checked on the content.
 */
export const LogoDataSchema = z
  .string()
  .min(4)
  .max(Math.ceil((700 * 1024) / 3) * 4)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

/** Limits of the header fields. */
export const REPORT_SETUP_LIMITS = { companyTitle: 100, name: 64, phone: 32, address: 200 } as const;

/** A contact e-mail address, or '' for none. */
const OptionalEmailSchema = z.union([z.literal(''), EmailSchema]);

/** The text fields of the header settings, each '' when not given. */
export const ReportSetupFieldsShape = {
  companyTitle: text(REPORT_SETUP_LIMITS.companyTitle),
  signatoryName: text(REPORT_SETUP_LIMITS.name),
  signatoryRole: text(REPORT_SETUP_LIMITS.name),
  contactName: text(REPORT_SETUP_LIMITS.name),
  contactPhone: text(REPORT_SETUP_LIMITS.phone).pipe(z.string().regex(/^[0-9+()\-. /]*$/, 'phone number')),
  contactEmail: OptionalEmailSchema,
  address: text(REPORT_SETUP_LIMITS.address),
};
const ReportSetupFieldsSchema = z.object(ReportSetupFieldsShape);
export type ReportSetupFields = z.output<typeof ReportSetupFieldsSchema>;

/** The header text fields in the order they print, for forms and the PDF header block. */
export const REPORT_SETUP_FIELD_ORDER = [
  'signatoryName',
  'signatoryRole',
  'contactName',
  'contactPhone',
  'contactEmail',
  'address',
] as const satisfies readonly (keyof ReportSetupFields)[];

/** A stored logo as the browser receives it, with its size in pixels. */
export const LogoSchema = z.object({
  fileName: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  data: z.string(),
});
export type Logo = z.infer<typeof LogoSchema>;

/** A project's header settings; `canEdit` says whether the caller may change them. */
export const ReportSetupSchema = z.object({
  pid: IdSchema,
  projectName: z.string(),
  companyTitle: z.string(),
  signatoryName: z.string(),
  signatoryRole: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  address: z.string(),
  logo: LogoSchema.nullable(),
  wideLogo: LogoSchema.nullable(),
  updatedAt: z.number().int().nullable().describe('Last change: epoch seconds, UTC, or null while never set'),
  canEdit: z.boolean(),
});
export type ReportSetup = z.infer<typeof ReportSetupSchema>;

/** What a recipient can be sent: real-time emergency fault mails, self-test reports, energy reports. */
export const RECIPIENT_KINDS = ['emergencyFault', 'selfTestReport', 'energyReport'] as const;
export const RecipientKindSchema = z.enum(RECIPIENT_KINDS);
export type RecipientKind = z.infer<typeof RecipientKindSchema>;

/** Most recipients per project. */
export const MAX_PROJECT_RECIPIENTS = 20;
/** Days an activation link stays valid. */
export const RECIPIENT_LINK_DAYS = 7;

/** A recipient's language as sent: en, zh, de or es. */
export const RecipientLanguageSchema = z.enum(['en', 'zh', 'de', 'es']);

/** One recipient as the editor sends it. */
export const RecipientInputSchema = z.strictObject({
  email: EmailSchema,
  language: RecipientLanguageSchema,
  kinds: z
    .array(RecipientKindSchema)
    .min(1)
    .max(RECIPIENT_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, { message: RuleMessages.duplicate }),
});
export type RecipientInput = z.output<typeof RecipientInputSchema>;

/** The whole list of a project's recipients, each address once. */
export const RecipientListSchema = z
  .array(RecipientInputSchema)
  .max(MAX_PROJECT_RECIPIENTS)
  .refine((list) => new Set(list.map((r) => r.email)).size === list.length, { message: RuleMessages.duplicate });

/**
 * A recipient's state: `pending` until the activation link is opened, `active` after (only active
 * recipients get mail), `expired` when the link ran out unused (send it again).
 */
export const RecipientStatusSchema = z.enum(['pending', 'active', 'expired']);
export type RecipientStatus = z.infer<typeof RecipientStatusSchema>;

/** A recipient as the editor sees it. */
export const RecipientSchema = z.object({
  id: IdSchema,
  email: z.string(),
  language: RecipientLanguageSchema,
  kinds: z.array(RecipientKindSchema),
  status: RecipientStatusSchema,
  activatedAt: z.number().int().nullable().describe('Activation: epoch seconds, UTC, or null while not active'),
  linkExpiresAt: z
    .number()
    .int()
    .nullable()
    .describe('When the activation link expires: epoch seconds, UTC; null once active'),
});
export type Recipient = z.infer<typeof RecipientSchema>;

/** The state of a stored recipient at `now` (epoch ms). */
export function recipientStatus(activatedAt: number | null, linkExpiresAt: number, now: number): RecipientStatus {
  if (activatedAt !== null) return 'active';
  return now < linkExpiresAt ? 'pending' : 'expired';
}

/** The activation link's token as it travels in the URL. */
export const ActivationLinkSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'an activation link');

/** What opening an activation link did (section 4 "Activation": successful, expired, failed). */
export const ActivationResultSchema = z.object({
  state: z.enum(['successful', 'expired', 'failed']),
  /** The activated address and the project's name; null when the link is unknown. */
  email: z.string().nullable(),
  projectName: z.string().nullable(),
});
export type ActivationResult = z.infer<typeof ActivationResultSchema>;
