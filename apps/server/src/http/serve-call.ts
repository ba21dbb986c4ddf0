import { type CallData, type CallName, type CallPayload, Code, calls, ENVELOPE_KEYS } from '@lightwell/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext, SessionInfo } from '../context.ts';
import { Answer, CallError } from '../lib/call-error.ts';
import { authenticate } from './auth.ts';
import { sendRefusal } from './refusal.ts';

/** What a handler receives: the validated payload without envelope, the caller and the context. */
interface CallRequest<N extends CallName, Auth extends boolean = (typeof calls)[N]['auth']> {
  payload: CallPayload<N>;
  session: Auth extends true ? SessionInfo : SessionInfo | null;
  ctx: AppContext;
  /** Client address (for throttling). */
  address: string;
  userAgent: string;
}

/** A handler answers data (code 0), an `Answer` with another success code, or throws a `CallError`. */
export type CallHandler<N extends CallName> = (
  request: CallRequest<N>,
) => Promise<CallData<N> | Answer<CallData<N>>> | CallData<N> | Answer<CallData<N>>;

function stripEnvelope(body: Record<string, unknown>): Record<string, unknown> {
  const payload = { ...body };
  for (const key of ENVELOPE_KEYS) delete payload[key];
  return payload;
}

/**
 * Serves one call of the registry at its exact path: the body (or query for GET) is validated by the
 * call's zod schema, authenticated calls pass the session and signature checks first, and the answer
 * is `{ code, data, message? }`; a refusal's message is in the caller's language (see `refusalLanguage`).
 */
export function serveCall<N extends CallName>(app: FastifyInstance, name: N, handler: CallHandler<N>): void {
  const call = calls[name];
  const input = call.method === 'GET' ? 'querystring' : 'body';
  app.route({
    method: call.method,
    url: call.path,
    schema: {
      [input]: call.body,
      response: { 200: call.result },
      tags: [call.tag],
      summary: call.summary,
      operationId: name,
    },
    preValidation: call.auth ? (request, reply) => authenticate(app.ctx, request, reply) : undefined,
    handler: async (request: FastifyRequest, reply) => {
      const raw = (call.method === 'GET' ? request.query : request.body) as Record<string, unknown>;
      try {
        const result = await handler({
          payload: stripEnvelope(raw) as CallPayload<N>,
          session: request.session as CallRequest<N>['session'],
          ctx: app.ctx,
          address: request.ip,
          userAgent: (request.headers['user-agent'] ?? '').slice(0, 200),
        });
        if (result instanceof Answer) {
          return reply.send({ code: result.code, data: result.data, message: result.message });
        }
        return reply.send({ code: Code.ok, data: result ?? null });
      } catch (error) {
        if (error instanceof CallError) {
          return sendRefusal(app.ctx, request, reply, error);
        }
        throw error;
      }
    },
  });
}
