import { Limits } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { DEMO_LOGIN } from '../../demo/seed-demo.ts';
import { serveCall } from '../../http/serve-call.ts';

/**
 * Public client configuration. The signing key is the application key every genuine client signs
 * with (section 5); it identifies the client build, it does not authenticate anyone: that is the token.
 */
export function appRoutes(app: FastifyInstance): void {
  serveCall(app, 'appConfig', ({ ctx }) => ({
    appVersion: Limits.appVersion,
    apiVersion: Limits.apiVersion,
    signingKey: ctx.clientKey,
    demo: ctx.config.demo,
    ...(ctx.config.demo ? { demoEmail: DEMO_LOGIN.email, demoPassword: DEMO_LOGIN.password } : {}),
  }));
}
