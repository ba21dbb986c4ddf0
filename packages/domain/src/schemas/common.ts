import { z } from 'zod';
import { EMAIL_PATTERN } from '../account/email.ts';
import { isValidPassword } from '../account/password.ts';
import { RuleMessages } from '../calls/input-problems.ts';
import { Limits } from '../limits.ts';

/** C0 control characters and DEL, which no single-line text may hold. */
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
/** Control characters other than tab, line feed and carriage return, which no multi-line text may hold. */
const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A single-line text of at most `max` characters without control characters, trimmed. */
export function text(max: number, min = 0) {
  return z
    .string()
    .max(max)
    .refine((value) => !CONTROL_CHARS.test(value), { message: RuleMessages.controlChars })
    .transform((value) => value.trim())
    .pipe(z.string().min(min));
}

/** A multi-line text (remarks) of at most `max` characters. */
export function multilineText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => !CONTROL_CHARS_MULTILINE.test(value), { message: RuleMessages.controlChars });
}

/** E-mail address of section 5, compared in lower case. */
export const EmailSchema = z
  .string()
  .max(Limits.emailMax)
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.string().regex(EMAIL_PATTERN, RuleMessages.email));

/** A password that satisfies the section-5 rule. */
export const NewPasswordSchema = z
  .string()
  .max(Limits.passwordMax)
  .refine(isValidPassword, { message: RuleMessages.password });

/** A password as typed at sign-in (any length up to the maximum, never validated against the rule). */
export const PasswordSchema = z.string().min(1).max(Limits.passwordMax);

/** A 6-digit verification code. */
export const VerificationCodeSchema = z.string().regex(new RegExp(`^\\d{${Limits.codeDigits}}$`), RuleMessages.digits);

/** A user name: 2 to 32 characters. */
export const NameSchema = text(Limits.nameMax, Limits.nameMin);

/** Language code of the user record: 0 English, 1 Chinese, 2 German, 3 Spanish. */
export const LanguageCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** Time format: 0 year-month-day, 1 month/day/year, 2 day/month/year. */
export const TimeFormatSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** Page size a user may choose. */
export const PageSizeSchema = z.union(
  Limits.pageSizes.map((size) => z.literal(size)) as [
    z.ZodLiteral<10>,
    z.ZodLiteral<20>,
    z.ZodLiteral<50>,
    z.ZodLiteral<100>,
  ],
);

/** A positive database id. */
export const IdSchema = z.number().int().positive().max(2_147_483_647);

/**
 * Request envelope fields (section 3) accepted on every call. Authenticated calls must carry
 * `token`, `uid` and `sign`; the others describe the client.
 */
export const envelopeShape = {
  version: z.string().max(20).optional(),
  platform: z.number().int().min(0).max(99).optional(),
  bundle: z.string().max(64).optional(),
  mac: z.string().max(Limits.deviceIdMax).optional(),
  api: z.string().max(20).optional(),
  sign: z.string().max(128).optional(),
  notCheckSign: z.boolean().optional(),
  token: z.string().max(256).optional(),
  uid: IdSchema.optional(),
};

/** Names of the envelope fields, which the server strips before handing the payload to a handler. */
export const ENVELOPE_KEYS = Object.keys(envelopeShape) as (keyof typeof envelopeShape)[];

/** The answer of every call. */
export function resultSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, message: z.string().optional() });
}
