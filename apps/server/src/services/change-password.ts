import { type CallPayload, Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { findUserByEmail } from '../db/queries/users.ts';
import { sessions, users } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { hashPassword } from '../lib/passwords.ts';
import { forgetUsers } from './forget-users.ts';
import { endSessions } from './session-ends.ts';
import { checkOwnPassword } from './sign-in.ts';
import { accountKey, clearFailures } from './throttle.ts';
import { checkVerificationCode, markCodeUsed, sendVerificationCode } from './verification-codes.ts';

const unknownAccount = () => new CallError(Code.unknownAccount, 'User does not exist.');

async function setPassword(ctx: AppContext, uid: number, password: string, codeId?: number): Promise<void> {
  const passwordHash = await hashPassword(password);
  const ended = await ctx.db.transaction(async (tx) => {
    if (codeId !== undefined) await markCodeUsed(tx, codeId, ctx.now());
    await tx.update(users).set({ passwordHash, updatedAt: ctx.now() }).where(eq(users.id, uid));
    return tx.delete(sessions).where(eq(sessions.uid, uid)).returning({ id: sessions.id });
  });
  forgetUsers(ctx, [uid]);
  endSessions(
    ctx,
    ended.map((row) => row.id),
  );
}

/** Sends a password reset code to a registered address (1017 when unknown). */
export async function sendPasswordCode(
  ctx: AppContext,
  payload: CallPayload<'passwordCode'>,
  address: string,
): Promise<{ resendAfter: number }> {
  const user = await findUserByEmail(ctx.db, payload.email);
  if (!user) throw unknownAccount();
  return sendVerificationCode(ctx, {
    purpose: 'reset',
    email: user.email,
    uid: user.id,
    language: payload.language ?? user.language,
    address,
  });
}

/**
 * Sets a new password with an e-mailed code, ends every session of the account and lifts its sign-in
 * throttle, so a real owner locked out by someone guessing is back in at once.
 */
export async function resetPassword(ctx: AppContext, payload: CallPayload<'passwordReset'>): Promise<void> {
  const user = await findUserByEmail(ctx.db, payload.email);
  if (!user) throw unknownAccount();
  const codeId = await checkVerificationCode(ctx, { purpose: 'reset', email: user.email, code: payload.code });
  await setPassword(ctx, user.id, payload.password, codeId);
  await clearFailures(ctx, accountKey(user.email));
}

/** Changes the password after checking the old one (1018 when wrong); ends every session of the user. */
export async function changePassword(
  ctx: AppContext,
  uid: number,
  payload: CallPayload<'updatePassword'>,
): Promise<void> {
  if (!(await checkOwnPassword(ctx, uid, payload.oldPassword))) {
    throw new CallError(Code.wrongPassword, 'Incorrect password.');
  }
  await setPassword(ctx, uid, payload.newPassword);
}
