import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { findUserById, isNameTaken } from '../../db/queries/users.ts';
import { users } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { presentUser } from '../../presenters/user.ts';
import { confirmEmailChange, requestEmailChange } from '../../services/change-email.ts';
import { checkOwnPassword } from '../../services/sign-in.ts';

const nameTaken = () => new CallError(Code.nameTaken, 'This user name already exists.');

async function updateUser(ctx: AppContext, uid: number, values: Partial<typeof users.$inferInsert>) {
  const [row] = await ctx.db
    .update(users)
    .set({ ...values, updatedAt: ctx.now() })
    .where(eq(users.id, uid))
    .returning();
  return presentUser(row!);
}

/** The signed-in user's own account: info, settings, name, e-mail and password check. */
export function accountRoutes(app: FastifyInstance): void {
  serveCall(app, 'userInfo', async ({ ctx, session }) => presentUser((await findUserById(ctx.db, session.uid))!));
  serveCall(app, 'updateSetting', ({ ctx, session, payload }) => updateUser(ctx, session.uid, payload));
  serveCall(app, 'nameUpdate', async ({ ctx, session, payload }) => {
    if (await isNameTaken(ctx.db, payload.name, session.uid)) throw nameTaken();
    try {
      return await updateUser(ctx, session.uid, { name: payload.name });
    } catch (error) {
      if (isUniqueViolation(error, 'users_name_key')) throw nameTaken();
      throw error;
    }
  });
  serveCall(app, 'passwordCheck', async ({ ctx, session, payload }) => {
    if (!(await checkOwnPassword(ctx, session.uid, payload.password))) {
      throw new CallError(Code.checkFailed, 'The password is not correct.');
    }
    return null;
  });
  serveCall(app, 'emailCode', ({ ctx, session, payload, address }) =>
    requestEmailChange(ctx, session.uid, payload, address),
  );
  serveCall(app, 'emailUpdate', ({ ctx, session, payload }) => confirmEmailChange(ctx, session.uid, payload));
}
