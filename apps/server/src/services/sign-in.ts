import { type CallPayload, Code, type LoginResult } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { findUserByEmail, findUserById } from '../db/queries/users.ts';
import { sessions } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { presentUser } from '../presenters/user.ts';
import { forgetUsers } from './forget-users.ts';
import { endSessions } from './session-ends.ts';
import {
  accountKey,
  accountPolicy,
  addressKey,
  addressPolicy,
  assertNotLocked,
  clearFailures,
  recordFailure,
} from './throttle.ts';

/**
 * Signs in with e-mail and password and opens a session (a 256-bit token stored only as its hash).
 * 1017 unknown account, 1018 wrong password, 1019 while the account or the client address is throttled.
 */
export async function signIn(
  ctx: AppContext,
  payload: CallPayload<'login'>,
  client: { address: string; userAgent: string },
): Promise<LoginResult> {
  const keyOfAccount = accountKey(payload.email);
  const keyOfAddress = addressKey(client.address);
  await assertNotLocked(ctx, [keyOfAccount, keyOfAddress]);
  const user = await findUserByEmail(ctx.db, payload.email);
  if (!user) {
    await recordFailure(ctx, keyOfAddress, addressPolicy);
    throw new CallError(Code.unknownAccount, 'User does not exist.');
  }
  if (!(await verifyPassword(user.passwordHash, payload.password))) {
    await recordFailure(ctx, keyOfAccount, accountPolicy);
    await recordFailure(ctx, keyOfAddress, addressPolicy);
    throw new CallError(Code.wrongPassword, 'Incorrect password.');
  }
  await clearFailures(ctx, keyOfAccount);
  const token = newToken();
  await ctx.db.insert(sessions).values({
    uid: user.id,
    tokenHash: hashToken(token),
    userAgent: client.userAgent,
    address: client.address,
    createdAt: ctx.now(),
    lastUsedAt: ctx.now(),
  });
  return { ...presentUser(user), token };
}

/**
 * Ends one session, and whatever this process keeps open for it (its live streams); every process's
 * session cache forgets it.
 */
export async function signOut(ctx: AppContext, sessionId: number): Promise<void> {
  const ended = await ctx.db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ uid: sessions.uid });
  forgetUsers(
    ctx,
    ended.map((row) => row.uid),
  );
  endSessions(ctx, [sessionId]);
}

/** Checks the signed-in user's password under the account throttle; false when wrong. */
export async function checkOwnPassword(ctx: AppContext, uid: number, password: string): Promise<boolean> {
  const user = await findUserById(ctx.db, uid);
  if (!user) return false;
  const key = accountKey(user.email);
  await assertNotLocked(ctx, [key]);
  if (await verifyPassword(user.passwordHash, password)) return true;
  await recordFailure(ctx, key, accountPolicy);
  return false;
}
