import { z } from 'zod';

/** First day of the week, 1 Monday … 7 Sunday. */
export const WeekStartSchema = z.number().int().min(1).max(7);

import {
  EmailSchema,
  IdSchema,
  LanguageCodeSchema,
  NameSchema,
  NewPasswordSchema,
  PageSizeSchema,
  PasswordSchema,
  TimeFormatSchema,
  VerificationCodeSchema,
} from './common.ts';

/** The signed-in user as the server presents it. */
export const UserSchema = z.object({
  uid: IdSchema,
  name: z.string(),
  email: z.string(),
  timeFormat: TimeFormatSchema,
  /** First day of the week: 1 Monday … 7 Sunday. */
  weekStart: WeekStartSchema,
  pageNumber: PageSizeSchema,
  language: LanguageCodeSchema,
});
export type User = z.infer<typeof UserSchema>;

/** Answer of a successful login: the user plus the session token. */
export const LoginResultSchema = UserSchema.extend({ token: z.string() });
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const RegisterCodeInput = { email: EmailSchema, language: LanguageCodeSchema };
export const RegisterInput = {
  email: EmailSchema,
  name: NameSchema,
  password: NewPasswordSchema,
  code: VerificationCodeSchema,
  language: LanguageCodeSchema,
  /** The browser's locale (BCP 47, e.g. `de-DE`): the new account's date format and first day of the week. */
  locale: z.string().trim().max(64).optional(),
};
export const LoginInput = { email: EmailSchema, password: PasswordSchema, language: LanguageCodeSchema.optional() };
export const PasswordCodeInput = { email: EmailSchema, language: LanguageCodeSchema.optional() };
export const PasswordResetInput = { email: EmailSchema, code: VerificationCodeSchema, password: NewPasswordSchema };
export const UpdateSettingInput = {
  language: LanguageCodeSchema.optional(),
  timeFormat: TimeFormatSchema.optional(),
  weekStart: WeekStartSchema.optional(),
  pageNumber: PageSizeSchema.optional(),
};
export const UpdatePasswordInput = { oldPassword: PasswordSchema, newPassword: NewPasswordSchema };
export const NameUpdateInput = { name: NameSchema };
export const PasswordCheckInput = { password: PasswordSchema };
export const EmailCodeInput = { email: EmailSchema, emailConfirm: EmailSchema, password: PasswordSchema };
export const EmailUpdateInput = { email: EmailSchema, code: VerificationCodeSchema };

/** Answer when a code was sent: seconds until another may be requested. */
export const CodeSentSchema = z.object({ resendAfter: z.number().int() });

/** Public configuration the web app reads at start. */
export const AppConfigSchema = z.object({
  appVersion: z.string(),
  apiVersion: z.string(),
  signingKey: z.string(),
  demo: z.boolean(),
  demoEmail: z.string().optional(),
  demoPassword: z.string().optional(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
