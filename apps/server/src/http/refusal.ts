import { Code, codeToLanguage, type InputProblem, LANGUAGES, type Language } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import type { CallError } from '../lib/call-error.ts';
import { hasText, translator } from '../lib/i18n.ts';

/**
 * The language of a refusal: the signed-in user's language setting; without a session the `language`
 * code of the payload (0 en, 1 zh, 2 de, 3 es; the calls that carry one), else the best match of
 * `Accept-Language`; else English. `uid` names the caller where the request carries no session
 * (multipart uploads check their envelope themselves).
 */
export async function refusalLanguage(
  ctx: AppContext,
  request: FastifyRequest,
  uid: number | undefined = request.session?.uid,
): Promise<Language> {
  if (uid !== undefined) {
    const [row] = await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, uid)).limit(1);
    if (row) return codeToLanguage(row.language);
  }
  const fields = (request.method === 'GET' ? request.query : request.body) as Record<string, unknown> | null;
  const code = fields && typeof fields === 'object' ? fields.language : undefined;
  if (typeof code === 'number' && Number.isInteger(code) && code >= 0 && code < LANGUAGES.length) {
    return codeToLanguage(code);
  }
  return acceptedLanguage(request.headers['accept-language']);
}

/** The best of our languages in an `Accept-Language` header (`de-AT;q=0.8, es`), or English. */
export function acceptedLanguage(header: string | undefined): Language {
  const ranges = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const q = options.map((option) => option.trim()).find((option) => option.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((range) => range.q > 0 && (LANGUAGES as readonly string[]).includes(range.base))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranges[0]?.base as Language | undefined) ?? 'en';
}

type Params = Record<string, unknown>;

/** A list as one text: `10, 20, 50, 100`. */
function listed(value: unknown): unknown {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The label of a payload path in `language`: `emails.1` is "Share addresses, entry 2". */
function fieldLabel(language: Language, field: string): string {
  const t = translator(language);
  if (field === '') return t('validation.request');
  let label = '';
  for (const segment of field.split('.')) {
    if (/^\d+$/.test(segment)) {
      label = t('validation.entry', { field: label, position: Number(segment) + 1 });
    } else if (hasText(language, `fields.${segment}`)) {
      label = t(`fields.${segment}`);
    } else {
      label = label ? `${label}.${segment}` : segment;
    }
  }
  return label;
}

/** One problem as a sentence: the field's label and what the rule asks, with its figures. */
function problemText(language: Language, problem: InputProblem): string {
  const t = translator(language);
  const top = problem.field.split('.')[0] ?? '';
  const override = `validation.overrides.${top}.${problem.rule}`;
  const key = hasText(language, override) ? override : `validation.rules.${problem.rule}`;
  const params: Params = {};
  for (const [name, value] of Object.entries(problem.params)) params[name] = listed(value);
  if (typeof params.expected === 'string') {
    params.expected = t(`validation.types.${params.expected}`, { defaultValue: params.expected });
  }
  // An unknown field is named as sent, so that the caller can find and remove it.
  const field = problem.rule === 'unknownField' ? problem.field : fieldLabel(language, problem.field);
  return t('validation.item', { field, problem: t(key, params) });
}

/** The message of a refused payload: every problem, in `language`. */
export function validationMessage(language: Language, problems: readonly InputProblem[]): string {
  const t = translator(language);
  return problems.map((problem) => problemText(language, problem)).join(t('validation.separator'));
}

/**
 * The message of a refusal with `code`: the text of `key` (`server:` keys such as
 * `refusals.1064.duplicate`, or `errors:<code>`, the default) with `params` (by default the answer's
 * data when it is an object, e.g. `retryAfter`).
 */
export function refusalMessage(language: Language, code: number, key?: string, params?: Params): string {
  const t = translator(language);
  const values: Params = {};
  for (const [name, value] of Object.entries(params ?? {})) values[name] = listed(value);
  return t(key ?? `errors:${code}`, { ...values, defaultValue: t('errors:generic') });
}

/** Marks an answer's message as written in `language`, so that a client can tell whether to show it. */
export function markLanguage(reply: FastifyReply, language: Language): FastifyReply {
  return reply.header('content-language', language);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Answers a business refusal: its code and data, and its catalogue text in the caller's language. */
export async function sendRefusal(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  error: CallError,
  uid?: number,
): Promise<FastifyReply> {
  const language = await refusalLanguage(ctx, request, uid ?? request.session?.uid);
  request.log.debug({ code: error.code, detail: error.message }, 'call refused');
  let { key, params } = error.text;
  params ??= isRecord(error.data) ? error.data : undefined;
  // Input refused by a rule of one call without a text of its own keeps its English detail.
  if (key === undefined && error.code === Code.badInput) {
    key = 'refusals.1001.detail';
    params = { ...params, detail: error.message };
  }
  const message = refusalMessage(language, error.code, key, params);
  return markLanguage(reply, language).send({ code: error.code, data: error.data, message });
}
