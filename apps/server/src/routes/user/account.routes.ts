import { Code } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { findUserById } from '../../db/queries/users.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { presentUser } from '../../presenters/user.ts';
import { confirmEmailChange, requestEmailChange } from '../../services/change-email.ts';
import { checkOwnPassword } from '../../services/sign-in.ts';
import { renameAccount, updateAccountSettings } from '../../services/update-account.ts';

/** The signed-in user's own account: info, settings, name, e-mail and password check. */
export function accountRoutes(app: FastifyInstance): void {
  serveCall(app, 'userInfo', async ({ ctx, session }) =>
    presentUser(session.user ?? (await findUserById(ctx.db, session.uid))!),
  );
  serveCall(app, 'updateSetting', async ({ ctx, session, payload }) =>
    presentUser(await updateAccountSettings(ctx, session.uid, payload)),
  );
  serveCall(app, 'nameUpdate', async ({ ctx, session, payload }) =>
    presentUser(await renameAccount(ctx, session.uid, payload.name)),
  );
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
