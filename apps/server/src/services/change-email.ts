import { type CallPayload, Code, type User } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { findUserByEmail, findUserById } from '../db/queries/users.ts';
import { users } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { presentUser } from '../presenters/user.ts';
import { forgetUsers } from './forget-users.ts';
import { checkOwnPassword } from './sign-in.ts';
import { checkVerificationCode, markCodeUsed, sendVerificationCode } from './verification-codes.ts';

const registered = () => new CallError(Code.alreadyRegistered, 'This e-mail address is already registered.');

/**
 * First step of an e-mail change: the password is checked (1054 when wrong), the new address entered
 * twice must not be registered (1051), and a code is sent to it.
 */
export async function requestEmailChange(
  ctx: AppContext,
  uid: number,
  payload: CallPayload<'emailCode'>,
  address: string,
): Promise<{ resendAfter: number }> {
  if (!(await checkOwnPassword(ctx, uid, payload.password))) {
    throw new CallError(Code.checkFailed, 'The password is not correct.');
  }
  if (await findUserByEmail(ctx.db, payload.email)) throw registered();
  const user = await findUserById(ctx.db, uid);
  return sendVerificationCode(ctx, { purpose: 'email', email: payload.email, uid, language: user!.language, address });
}

/**
 * Second step: with the code sent to the new address the account takes it (1053 bad code, 1051 when it
 * was registered meanwhile); the old address is told of the change.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  uid: number,
  payload: CallPayload<'emailUpdate'>,
): Promise<User> {
  const codeId = await checkVerificationCode(ctx, { purpose: 'email', email: payload.email, code: payload.code, uid });
  const before = await findUserById(ctx.db, uid);
  let updated: typeof before;
  try {
    updated = await ctx.db.transaction(async (tx) => {
      await markCodeUsed(tx, codeId, ctx.now());
      const [row] = await tx
        .update(users)
        .set({ email: payload.email, updatedAt: ctx.now() })
        .where(eq(users.id, uid))
        .returning();
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw registered();
    throw error;
  }
  forgetUsers(ctx, [uid]);
  await ctx.mailer
    .send(before!.email, { name: 'emailChanged', email: payload.email }, before!.language)
    .catch(() => undefined);
  return presentUser(updated!);
}
