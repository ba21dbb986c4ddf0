import { createHmac } from 'node:crypto';
import { Code, type CodeValue, canonicalString, Limits, notCheckSignValue, signaturesEqual } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, SessionInfo } from '../context.ts';
import { findSessionWithUser } from '../db/queries/sessions.ts';
import { sessions } from '../db/schema.ts';
import { hashToken } from '../lib/tokens.ts';
import type { CachedSession } from '../services/session-cache.ts';
import { markLanguage, refusalLanguage, refusalMessage } from './refusal.ts';

/** Sessions are touched at most this often, to keep reads from writing on every call. */
const TOUCH_INTERVAL_MS = 60_000;
/** A session unused for this long has ended. */
const IDLE_MS = Limits.sessionIdleSeconds * 1000;

/** The stand-in signature of `notCheckSign` requests, computed once. */
const NOT_CHECK_SIGN = notCheckSignValue();

/** Refuses a request's envelope with `code`, in the caller's language (the session is unknown here). */
async function refuse(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, code: number) {
  const language = await refusalLanguage(ctx, request);
  return markLanguage(reply, language)
    .code(200)
    .send({ code, data: null, message: refusalMessage(language, code) });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * True when the request carries a valid signature (section 5): HMAC-SHA256 of the canonical string
 * with the signing secret, or, only when ALLOW_UNSIGNED is on, `notCheckSign` with the fixed-phrase hash.
 */
function hasValidSignature(ctx: AppContext, body: Record<string, unknown>): boolean {
  const sign = body.sign;
  if (typeof sign !== 'string') return false;
  // Text fields (multipart, query) carry the flag as the text 'true'.
  if (body.notCheckSign === true || body.notCheckSign === 'true') {
    return ctx.config.allowUnsigned && signaturesEqual(sign, NOT_CHECK_SIGN);
  }
  return signaturesEqual(sign, signParamsNative(body, ctx.clientKey));
}

/**
 * `signParams` of the domain (HMAC-SHA256 of the canonical string) with Node's native HMAC: the same
 * signature, a few times faster than the domain's, which is JavaScript so that browsers run it too.
 */
function signParamsNative(body: Record<string, unknown>, key: string): string {
  return createHmac('sha256', key).update(canonicalString(body), 'utf8').digest('hex');
}

/**
 * The session of a token hash with its user's row: from this process's session cache while the broker
 * connection that carries its invalidations is up (services/session-cache.ts), else from the database.
 * A kept session that looks idle past its limit is read again (another process may have used it since).
 */
async function sessionOf(ctx: AppContext, tokenHash: string, now: number): Promise<CachedSession | undefined> {
  const cached = ctx.link.connected ? ctx.sessions.get(tokenHash) : undefined;
  if (cached && now - cached.lastUsedAt.getTime() <= IDLE_MS) return cached;
  if (cached) ctx.sessions.forgetToken(tokenHash);
  const epoch = ctx.sessions.epoch;
  const row = await findSessionWithUser(ctx.db, tokenHash);
  if (!row) return undefined;
  if (now - row.lastUsedAt.getTime() > IDLE_MS) {
    await ctx.db.delete(sessions).where(eq(sessions.id, row.id));
    return undefined;
  }
  if (ctx.link.connected) ctx.sessions.keep(tokenHash, row, epoch);
  return row;
}

/** Finds the live session of a token for `uid`, with the user's row; expired sessions are removed. */
async function findSession(ctx: AppContext, uid: number, token: string): Promise<SessionInfo | null> {
  const now = ctx.now();
  const row = await sessionOf(ctx, hashToken(token), now.getTime());
  if (!row || row.uid !== uid) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    // Marked before the write, so that the calls that meet the kept session meanwhile do not write too.
    row.lastUsedAt = now;
    await ctx.db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.id));
  }
  return { uid: row.uid, sessionId: row.id, user: row.user };
}

/**
 * Whether session `sessionId` is still live (not ended, not idle past its limit), without counting this as
 * a use: a long-lived answer such as a live stream asks it again as it goes on.
 */
export async function isSessionLive(ctx: AppContext, sessionId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row !== undefined && ctx.now().getTime() - row.lastUsedAt.getTime() <= IDLE_MS;
}

/** The caller of a request, or the code and message it is refused with. */
export type EnvelopeCheck = { session: SessionInfo } | { code: CodeValue; message: string };

function uidOf(value: unknown, text: boolean): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (text && typeof value === 'string' && /^\d{1,10}$/.test(value)) return Number(value);
  return null;
}

/**
 * Checks the envelope of a request's fields: token and uid present (else 1012), signature valid
 * (else 1011), session live (else 1012). `text` accepts a decimal uid, as multipart fields and
 * query strings carry only text; the signature is computed over those texts as sent.
 */
export async function checkEnvelope(
  ctx: AppContext,
  fields: Record<string, unknown>,
  options: { text?: boolean } = {},
): Promise<EnvelopeCheck> {
  const { token } = fields;
  const uid = uidOf(fields.uid, options.text ?? false);
  if (typeof token !== 'string' || token === '' || uid === null) {
    return { code: Code.sessionInvalid, message: 'Please log in again' };
  }
  if (!hasValidSignature(ctx, fields)) {
    return { code: Code.badSignature, message: 'The request signature is missing or wrong' };
  }
  const session = await findSession(ctx, uid, token);
  if (!session) return { code: Code.sessionInvalid, message: 'Please log in again' };
  return { session };
}

/**
 * preValidation step of every authenticated call: token and uid present (else 1012), signature valid
 * (else 1011), session live (else 1012). A body that is not an object is left to validation (1001).
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  request.session = null;
  const body = request.method === 'GET' ? request.query : request.body;
  if (!isPlainObject(body)) return;
  const check = await checkEnvelope(ctx, body);
  if ('code' in check) return refuse(ctx, request, reply, check.code);
  request.session = check.session;
}
