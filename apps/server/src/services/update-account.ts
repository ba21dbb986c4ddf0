import { type CallPayload, Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { isNameTaken, type UserRow } from '../db/queries/users.ts';
import { users } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { forgetUsers } from './forget-users.ts';

const nameTaken = () => new CallError(Code.nameTaken, 'This user name already exists.');

async function writeAccount(ctx: AppContext, uid: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await ctx.db
    .update(users)
    .set({ ...values, updatedAt: ctx.now() })
    .where(eq(users.id, uid))
    .returning();
  forgetUsers(ctx, [uid]);
  return row!;
}

/** Stores the signed-in user's settings: language, time format, first day of the week, page size. */
export function updateAccountSettings(
  ctx: AppContext,
  uid: number,
  settings: CallPayload<'updateSetting'>,
): Promise<UserRow> {
  return writeAccount(ctx, uid, settings);
}

/** Renames the signed-in user; 1016 when another account has the name, also when it is taken meanwhile. */
export async function renameAccount(ctx: AppContext, uid: number, name: string): Promise<UserRow> {
  if (await isNameTaken(ctx.db, name, uid)) throw nameTaken();
  try {
    return await writeAccount(ctx, uid, { name });
  } catch (error) {
    if (isUniqueViolation(error, 'users_name_key')) throw nameTaken();
    throw error;
  }
}
