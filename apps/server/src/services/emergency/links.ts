import { createHmac, timingSafeEqual } from 'node:crypto';
import { Code } from '@lightwell/domain';
import type { AppContext } from '../../context.ts';
import { CallError } from '../../lib/call-error.ts';

/**
 * What a signed e-mail link opens: one fault, or the self-test and fault report of a network and period;
 * `language` is the recipient's (code 0-3), for the texts of the page.
 */
export type EmergencyLink =
  | { kind: 'fault'; faultId: number; exp: number; language?: number }
  | { kind: 'report'; nid: number; from: number; to: number; exp: number; language?: number };

/** How long an e-mailed link works. */
export const LINK_DAYS = 30;

const PURPOSE = 'emergency-link';
const sign = (ctx: AppContext, body: string) =>
  createHmac('sha256', ctx.keys.key(PURPOSE)).update(body).digest('base64url');

/** A signed token for `link`: its fields, base64url, and an HMAC of them with the server-only secret's `emergency-link` key. */
export function signEmergencyLink(ctx: AppContext, link: EmergencyLink): string {
  const body = Buffer.from(JSON.stringify(link)).toString('base64url');
  return `${body}.${sign(ctx, body)}`;
}

/**
 * The link a token opens, when its signature holds, it has not expired and it is of the `kind` asked
 * for; 1065 otherwise (a fault link opens no report and the other way round; no other call takes one).
 */
export function verifyEmergencyLink<K extends EmergencyLink['kind']>(
  ctx: AppContext,
  token: string,
  kind: K,
): Extract<EmergencyLink, { kind: K }> {
  const invalid = () => new CallError(Code.linkInvalid, 'The link is invalid or has expired.');
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) throw invalid();
  const expected = Buffer.from(sign(ctx, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let link: EmergencyLink;
  try {
    link = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as EmergencyLink;
  } catch {
    throw invalid();
  }
  if (link.kind !== kind || typeof link.exp !== 'number' || link.exp * 1000 <= ctx.now().getTime()) throw invalid();
  return link as Extract<EmergencyLink, { kind: K }>;
}

/** The public page a link opens, as e-mailed. */
export function emergencyLinkUrl(ctx: AppContext, link: EmergencyLink): string {
  const page = link.kind === 'fault' ? '/not/token/emergency/fault' : '/not/token/emailReport/selfTestAndFault';
  return `${ctx.config.publicUrl}${page}?link=${signEmergencyLink(ctx, link)}`;
}
