import { randomBytes } from 'node:crypto';
import { Code, calls, Limits, signParams } from '@lightwell/domain';
import { sessions } from '../../src/db/schema.ts';
import { hashToken } from '../../src/lib/tokens.ts';
import { equipmentViewToken, recipientLinkUrl, reportViewUrl } from '../../src/services/report-cycles/links.ts';
import { call, type Session, SIGNING_SECRET, type TestApp } from '../helpers.ts';
import type { RoleWorld } from '../support/role-world.ts';
import type { LinkKind } from './route-table.ts';

/** The credential columns of the matrix for a call that needs a session, and the code each is answered. */
export const SESSION_COLUMNS = {
  'no token': Code.sessionInvalid,
  'bad signature': Code.badSignature,
  'expired session': Code.sessionInvalid,
  'display key as token': Code.sessionInvalid,
  'e-mailed link as token': Code.sessionInvalid,
} as const;

/** A column of SESSION_COLUMNS. */
export type SessionColumn = keyof typeof SESSION_COLUMNS;

/** A credential a route may be handed: a session token, a display key, or a signed e-mailed link. */
export type CredentialKind = 'session' | 'display' | LinkKind;

/** Credentials of each kind that can be made here, all of the role world's owner and project. */
export type Credentials = Partial<Record<CredentialKind, string>> & { owner: Session };

const linkOf = (url: string) => new URL(url).searchParams.get('link')!;

/**
 * One credential of every kind the matrix hands to routes of another kind: the owner's session token, a
 * display key of the network, its emergency fault and report links, and report, equipment and recipient
 * links of the project (of no run or recipient: the kind is what is wrong, not the target).
 */
export async function buildCredentials(t: TestApp, w: RoleWorld): Promise<Credentials> {
  const owner = w.sessions.owner;
  const display = await call(t.app, 'displayTokenAdd', { nid: w.nid, name: 'Matrix lobby' }, owner);
  const exp = Math.floor(t.clock.now().getTime() / 1000) + 86_400;
  const ctx = t.app.ctx;
  return {
    owner,
    session: owner.token,
    display: (display.body.data as { key: string }).key,
    'emergency-fault': w.record.faultLink,
    'emergency-report': w.record.reportLink,
    'report-view': linkOf(reportViewUrl(ctx, { run: 999_980, language: 0, exp })),
    equipment: equipmentViewToken(ctx, { run: 999_980, pid: w.pid, exp }),
    recipient: linkOf(
      recipientLinkUrl(ctx, { pid: w.pid, rid: 999_979, email: 'matrix@example.com', kind: 'emergencyFault', exp }),
    ),
  };
}

/** A session of `uid` whose last use lies past the idle limit: the server must treat it as signed out. */
async function expiredSession(t: TestApp, uid: number): Promise<Session> {
  const token = randomBytes(32).toString('base64url');
  const lastUsedAt = new Date(t.clock.now().getTime() - (Limits.sessionIdleSeconds + 60) * 1000);
  await t.db.insert(sessions).values({ uid, tokenHash: hashToken(token), lastUsedAt });
  return { token, uid };
}

function signed(payload: Record<string, unknown>, session: Session, secret = SIGNING_SECRET) {
  const body = {
    ...payload,
    token: session.token,
    uid: session.uid,
    version: '1.0.0',
    platform: 3,
    bundle: 'southgate',
  };
  return { ...body, sign: signParams(body, secret) };
}

/** The body a call is sent with in `column`: the payload with no envelope, or with the column's envelope. */
export async function bodyFor(
  t: TestApp,
  column: SessionColumn,
  payload: Record<string, unknown>,
  credentials: Credentials,
): Promise<Record<string, unknown>> {
  const { owner } = credentials;
  switch (column) {
    case 'no token':
      return payload;
    case 'bad signature':
      return signed(payload, owner, 'not-the-signing-secret-0123456789');
    case 'expired session':
      return signed(payload, await expiredSession(t, owner.uid));
    case 'display key as token':
      return signed(payload, { token: credentials.display!, uid: owner.uid });
    case 'e-mailed link as token':
      return signed(payload, { token: credentials['emergency-fault']!, uid: owner.uid });
  }
}

/** Sends `body` to call `name`'s path as the web client would, and answers the parsed answer. */
export async function send(t: TestApp, name: keyof typeof calls, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: calls[name].path,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as { code: number; data: unknown } };
}

/** Signs `payload` with a live session, as the web client does. */
export const signedWith = (payload: Record<string, unknown>, session: Session) => signed(payload, session);
