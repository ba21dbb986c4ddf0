import { type CallPayload, Code, localeDefaults } from '@lightwell/domain';
import type { AppContext } from '../context.ts';
import { findUserByEmail, isNameTaken } from '../db/queries/users.ts';
import { users } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { hashPassword } from '../lib/passwords.ts';
import { createDefaultProject } from './create-default-project.ts';
import { checkVerificationCode, markCodeUsed, sendVerificationCode } from './verification-codes.ts';

const alreadyRegistered = () => new CallError(Code.alreadyRegistered, 'This e-mail address is already registered.');
const nameTaken = () => new CallError(Code.nameTaken, 'This user name already exists.');

/** Sends a registration code unless the address is registered (1051). */
export async function sendRegisterCode(
  ctx: AppContext,
  payload: CallPayload<'registerCode'>,
  address: string,
): Promise<{ resendAfter: number }> {
  if (await findUserByEmail(ctx.db, payload.email)) throw alreadyRegistered();
  return sendVerificationCode(ctx, { purpose: 'register', email: payload.email, language: payload.language, address });
}

/**
 * Creates an account from an e-mailed code: 1051 when the address is registered, 1016 when the name is
 * taken, 1053 when the code is wrong or expired. The account starts with its default project, and with
 * the date format and first day of the week of the browser locale it was registered from.
 */
export async function registerAccount(ctx: AppContext, payload: CallPayload<'register'>): Promise<void> {
  if (await findUserByEmail(ctx.db, payload.email)) throw alreadyRegistered();
  if (await isNameTaken(ctx.db, payload.name)) throw nameTaken();
  const codeId = await checkVerificationCode(ctx, { purpose: 'register', email: payload.email, code: payload.code });
  const passwordHash = await hashPassword(payload.password);
  try {
    await ctx.db.transaction(async (tx) => {
      await markCodeUsed(tx, codeId, ctx.now());
      const [user] = await tx
        .insert(users)
        .values({
          name: payload.name,
          email: payload.email,
          passwordHash,
          language: payload.language,
          ...(payload.locale ? localeDefaults(payload.locale) : {}),
        })
        .returning({ id: users.id });
      await createDefaultProject(tx, user!.id, payload.language);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw alreadyRegistered();
    if (isUniqueViolation(error, 'users_name_key')) throw nameTaken();
    throw error;
  }
}
