import { Code, type InputProblem } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { markLanguage, refusalLanguage, validationMessage } from '../http/refusal.ts';

/** A UTF-16 surrogate without its partner: JSON may carry one (`"\ud800"`), Unicode text may not. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The path (`name`, `items.0.label`) of the first key or string in `value` holding a lone surrogate, or
 * null. Walks without recursion: a body within the size limit may nest deeper than the call stack.
 */
function illFormedTextPath(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [node, path] = pending.pop()!;
    if (typeof node === 'string') {
      if (LONE_SURROGATE.test(node)) return path;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        const where = path === '' ? key : `${path}.${key}`;
        if (LONE_SURROGATE.test(key)) return where;
        pending.push([child, where]);
      }
    }
  }
  return null;
}

/**
 * Refuses (400, code 1001) a JSON body holding a lone surrogate before any route sees it, as a payload its
 * schema refuses is refused: the field named, the `format` rule in `data.problems` and the message in the
 * caller's language. Such text has no UTF-8 form: PostgreSQL refuses it in jsonb (the audit trail keeps
 * payloads), which answered 500, and would silently turn it into U+FFFD in a text column.
 */
export function registerWellFormedText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const path = illFormedTextPath(request.body);
    if (path === null) return;
    const language = await refusalLanguage(app.ctx, request);
    const problems: InputProblem[] = [{ field: path, rule: 'format', params: {} }];
    markLanguage(reply, language);
    return reply
      .code(400)
      .send({ code: Code.badInput, data: { problems }, message: validationMessage(language, problems) });
  });
}
