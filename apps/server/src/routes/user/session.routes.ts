import type { FastifyInstance } from 'fastify';
import { serveCall } from '../../http/serve-call.ts';
import { changePassword, resetPassword, sendPasswordCode } from '../../services/change-password.ts';
import { registerAccount, sendRegisterCode } from '../../services/register-account.ts';
import { signIn, signOut } from '../../services/sign-in.ts';
import { answerAccountLookup } from '../../services/throttle.ts';

/**
 * Registration, sign-in and sign-out, password reset and change. The calls whose answer tells whether an
 * account exists count against the client address (`answerAccountLookup`); sign-in counts its failures.
 */
export function sessionRoutes(app: FastifyInstance): void {
  serveCall(app, 'registerCode', ({ ctx, payload, address }) =>
    answerAccountLookup(ctx, address, () => sendRegisterCode(ctx, payload, address)),
  );
  serveCall(app, 'register', async ({ ctx, payload, address }) => {
    await answerAccountLookup(ctx, address, () => registerAccount(ctx, payload));
    return null;
  });
  serveCall(app, 'login', ({ ctx, payload, address, userAgent }) => signIn(ctx, payload, { address, userAgent }));
  serveCall(app, 'logout', async ({ ctx, session }) => {
    await signOut(ctx, session.sessionId);
    return null;
  });
  serveCall(app, 'passwordCode', ({ ctx, payload, address }) =>
    answerAccountLookup(ctx, address, () => sendPasswordCode(ctx, payload, address)),
  );
  serveCall(app, 'passwordReset', async ({ ctx, payload, address }) => {
    await answerAccountLookup(ctx, address, () => resetPassword(ctx, payload));
    return null;
  });
  serveCall(app, 'updatePassword', async ({ ctx, session, payload }) => {
    await changePassword(ctx, session.uid, payload);
    return null;
  });
}
