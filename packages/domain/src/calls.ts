import { z } from 'zod';
import { envelopeShape, resultSchema } from './schemas/common.ts';
import { ProjectSummarySchema } from './schemas/project.ts';
import {
  AppConfigSchema,
  CodeSentSchema,
  EmailCodeInput,
  EmailUpdateInput,
  LoginInput,
  LoginResultSchema,
  NameUpdateInput,
  PasswordCheckInput,
  PasswordCodeInput,
  PasswordResetInput,
  RegisterCodeInput,
  RegisterInput,
  UpdatePasswordInput,
  UpdateSettingInput,
  UserSchema,
} from './schemas/user.ts';

/** One API call of section 7: where it is served, whether it needs a session, and its contract. */
export interface CallDef<
  P extends z.ZodRawShape = z.ZodRawShape,
  D extends z.ZodType = z.ZodType,
  A extends boolean = boolean,
> {
  /** Exact path of section 7. */
  path: string;
  method: 'POST' | 'GET';
  /** Authenticated calls carry token, uid and sign. */
  auth: A;
  /** OpenAPI tag and one-line summary. */
  tag: string;
  summary: string;
  /** Payload fields, without the envelope. */
  payload: P;
  /** Full body schema: payload plus envelope, unknown fields refused. */
  body: z.ZodType<z.output<z.ZodObject<P>>, z.input<z.ZodObject<P>>>;
  /** Schema of `data` in a successful answer. */
  data: D;
  /** Schema of the whole answer. */
  result: z.ZodType;
}

interface CallOptions<P extends z.ZodRawShape, D extends z.ZodType, A extends boolean> {
  path: string;
  method?: 'POST' | 'GET';
  auth: A;
  tag: string;
  summary: string;
  payload: P;
  data: D;
  /** Extra rule on the whole payload, with the message shown when it fails. */
  refine?: [(value: z.output<z.ZodObject<P>>) => boolean, string];
}

function defineCall<P extends z.ZodRawShape, D extends z.ZodType, const A extends boolean>(
  options: CallOptions<P, D, A>,
): CallDef<P, D, A> {
  let body = z.strictObject({ ...envelopeShape, ...options.payload }) as unknown as z.ZodType<
    z.output<z.ZodObject<P>>,
    z.input<z.ZodObject<P>>
  >;
  if (options.refine) {
    const [rule, message] = options.refine;
    body = body.refine(rule, { message });
  }
  return {
    path: options.path,
    method: options.method ?? 'POST',
    auth: options.auth,
    tag: options.tag,
    summary: options.summary,
    payload: options.payload,
    body,
    data: options.data,
    result: resultSchema(options.data),
  };
}

const empty = {};
const nothing = z.null();

/** Every call served by this version, keyed by a stable name used by server handlers and web hooks. */
export const calls = {
  appConfig: defineCall({
    path: '/api/v1/app/config',
    method: 'GET',
    auth: false,
    tag: 'app',
    summary: 'Public client configuration: versions, signing key, demo login in demo mode',
    payload: empty,
    data: AppConfigSchema,
  }),
  registerCode: defineCall({
    path: '/api/v1/user/register/code',
    auth: false,
    tag: 'user',
    summary: 'E-mail a 6-digit registration code (1051 when the address is registered)',
    payload: RegisterCodeInput,
    data: CodeSentSchema,
  }),
  register: defineCall({
    path: '/api/v1/user/register',
    auth: false,
    tag: 'user',
    summary: 'Create an account with an e-mailed code (1016 name taken, 1051 registered, 1053 bad code)',
    payload: RegisterInput,
    data: nothing,
  }),
  login: defineCall({
    path: '/api/v1/user/login',
    auth: false,
    tag: 'user',
    summary: 'Sign in (1017 unknown account, 1018 wrong password, 1019 throttled)',
    payload: LoginInput,
    data: LoginResultSchema,
  }),
  passwordCode: defineCall({
    path: '/api/v1/user/password/code',
    auth: false,
    tag: 'user',
    summary: 'E-mail a 6-digit password reset code (1017 unknown account)',
    payload: PasswordCodeInput,
    data: CodeSentSchema,
  }),
  passwordReset: defineCall({
    path: '/api/v1/user/password/update',
    auth: false,
    tag: 'user',
    summary: 'Set a new password with an e-mailed code; ends every session of the account',
    payload: PasswordResetInput,
    data: nothing,
  }),
  logout: defineCall({
    path: '/api/v1/user/logout',
    auth: true,
    tag: 'user',
    summary: 'End this session',
    payload: empty,
    data: nothing,
  }),
  userInfo: defineCall({
    path: '/api/v1/user/info',
    auth: true,
    tag: 'user',
    summary: 'The signed-in user and settings',
    payload: empty,
    data: UserSchema,
  }),
  updateSetting: defineCall({
    path: '/api/v1/user/update/setting',
    auth: true,
    tag: 'user',
    summary: 'Change language, time format or page size',
    payload: UpdateSettingInput,
    data: UserSchema,
    refine: [
      (value) => value.language !== undefined || value.timeFormat !== undefined || value.pageNumber !== undefined,
      'at least one of language, timeFormat, pageNumber',
    ],
  }),
  updatePassword: defineCall({
    path: '/api/v1/user/update/password',
    auth: true,
    tag: 'user',
    summary: 'Change the password (1018 wrong old password); ends every session of the account',
    payload: UpdatePasswordInput,
    data: nothing,
  }),
  nameUpdate: defineCall({
    path: '/api/v1/user/name/update',
    auth: true,
    tag: 'user',
    summary: 'Change the user name (1016 taken)',
    payload: NameUpdateInput,
    data: UserSchema,
  }),
  passwordCheck: defineCall({
    path: '/api/v1/user/password/check',
    auth: true,
    tag: 'user',
    summary: 'Check the current password (1054 when wrong)',
    payload: PasswordCheckInput,
    data: nothing,
  }),
  emailCode: defineCall({
    path: '/api/v1/user/email/code',
    auth: true,
    tag: 'user',
    summary: 'E-mail a code to a new address, entered twice (1054 wrong password, 1051 registered)',
    payload: EmailCodeInput,
    data: CodeSentSchema,
    refine: [(value) => value.email === value.emailConfirm, 'the two e-mail entries differ'],
  }),
  emailUpdate: defineCall({
    path: '/api/v1/user/email/update',
    auth: true,
    tag: 'user',
    summary: 'Change the e-mail address with the code sent to it (1053 bad code, 1051 registered)',
    payload: EmailUpdateInput,
    data: UserSchema,
  }),
  projectAll: defineCall({
    path: '/api/v1/project/all',
    auth: true,
    tag: 'project',
    summary: "The user's projects, default first (1050 when there is none)",
    payload: empty,
    data: z.array(ProjectSummarySchema),
  }),
} satisfies Record<string, CallDef>;

/** Name of a call in the registry. */
export type CallName = keyof typeof calls;
/** Payload a client sends for a call (without the envelope). */
export type CallInput<N extends CallName> = z.input<z.ZodObject<(typeof calls)[N]['payload']>>;
/** Validated payload a handler receives. */
export type CallPayload<N extends CallName> = z.output<z.ZodObject<(typeof calls)[N]['payload']>>;
/** `data` of a successful answer. */
export type CallData<N extends CallName> = z.output<(typeof calls)[N]['data']>;
