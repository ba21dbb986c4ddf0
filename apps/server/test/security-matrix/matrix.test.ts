// The security matrix (docs/development.md, "Security matrix"): every call × {no token, bad signature,
// expired session, display key, e-mailed link of another kind, foreign user, sub-user, installer, owner},
// each with the code route-table.ts, role-rows.ts ROWS and the isolation tables say, on one role world.
import { type CallName, Code, calls, fileUpload } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema.ts';
import { multipart, png, signed } from '../../src/routes/file/test-upload.ts';
import { buildTestApp, call, describeApi, memberWithProject, post, type Session, type TestApp } from '../helpers.ts';
import { tableState } from '../isolation/walk.ts';
import { listen, openLiveStream } from '../live-stream.ts';
import { ROWS } from '../support/role-rows.ts';
import { buildRoleWorld, ROLES, type RoleWorld } from '../support/role-world.ts';
import {
  bodyFor,
  buildCredentials,
  type CredentialKind,
  type Credentials,
  SESSION_COLUMNS,
  type SessionColumn,
  send,
  signedWith,
} from './credentials.ts';
import { LINK_CALLS, LINK_REFUSALS } from './link-routes.ts';
import { ownedByOwner } from './owned.ts';
import { invalidPayloads, payloadsFor } from './payloads.ts';
import { type Access, CALL_ACCESS, classOf } from './route-table.ts';

const classOfCall = (name: string) => classOf((CALL_ACCESS as Record<string, Access>)[name]!);
const sessionCalls = (Object.keys(calls) as CallName[]).filter((name) => calls[name].auth);
/**
 * Whether an answer carries nothing but the refusal: 1001 names the refused fields, a refused share link
 * its state (`unknown`), nothing stored.
 */
const carriesNothing = (body: { code: number; data: unknown }) =>
  body.data === null ||
  (body.code === Code.badInput && Object.keys(body.data as object).join() === 'problems') ||
  JSON.stringify(body.data) === '{"state":"unknown"}';

describeApi('the security matrix: every call with every credential', () => {
  let t: TestApp;
  let baseUrl: string;
  let w: RoleWorld | undefined;
  let credentials: Credentials;
  let payloads: Map<CallName, Record<string, unknown>>;
  let stranger: Session;
  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await listen(t.app);
    w = await buildRoleWorld(t);
    stranger = (await memberWithProject(t)).session;
    credentials = await buildCredentials(t, w);
    payloads = await payloadsFor(w);
  }, 120_000);
  afterAll(async () => {
    await w?.gateway.close();
    await t?.close();
  });

  it('has a payload its schema accepts for every call that needs a session', () => {
    expect(sessionCalls.filter((name) => !payloads.has(name))).toEqual([]);
    expect(invalidPayloads(payloads)).toEqual([]);
  });

  it('refuses every call that needs a session without a live, signed session, and nothing changes', {
    timeout: 120_000,
  }, async () => {
    const before = await tableState(t);
    const wrong: string[] = [];
    for (const name of sessionCalls) {
      for (const [column, expected] of Object.entries(SESSION_COLUMNS) as [SessionColumn, number][]) {
        const reply = await send(t, name, await bodyFor(t, column, payloads.get(name)!, credentials));
        if (reply.body.code !== expected || reply.body.data !== null) {
          wrong.push(`${name} with ${column}: ${JSON.stringify(reply.body).slice(0, 160)} (expected ${expected})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await tableState(t)).toEqual(before);
  });

  it('walks live credentials: the columns are refused for what they lack, not for a broken envelope', async () => {
    const fresh = await bodyFor(t, 'expired session', {}, credentials);
    await t.db.update(sessions).set({ lastUsedAt: t.clock.now() }).where(eq(sessions.uid, credentials.owner.uid));
    expect((await send(t, 'userInfo', fresh)).body.code).toBe(Code.ok);
    expect((await call(t.app, 'screenDisplay', { key: credentials.display! })).body.code).toBe(Code.ok);
    expect((await call(t.app, 'emergencyPublicFault', { link: credentials['emergency-fault']! })).body.code).toBe(
      Code.ok,
    );
  });

  it('refuses a floor-plan upload (multipart) without a live, signed session or from a foreign user', async () => {
    const before = await tableState(t);
    const nid = w!.nid;
    const { owner } = credentials;
    const cases: [string, Record<string, string | number>, number][] = [
      ['no token', { nid }, Code.sessionInvalid],
      ['bad signature', { ...signed(owner, { nid }), sign: 'A'.repeat(64) }, Code.badSignature],
      ['display key as token', signed({ token: credentials.display!, uid: owner.uid }, { nid }), Code.sessionInvalid],
      [
        'e-mailed link as token',
        signed({ token: credentials['emergency-fault']!, uid: owner.uid }, { nid }),
        Code.sessionInvalid,
      ],
      ['foreign user', signed(stranger, { nid }), Code.noPermission],
    ];
    const wrong: string[] = [];
    for (const [column, fields, expected] of cases) {
      const response = await t.app.inject({ method: 'POST', url: fileUpload.path, ...multipart(fields, [png(8, 8)]) });
      const body = JSON.parse(response.body) as { code: number; data: unknown };
      if (body.code !== expected || body.data !== null) wrong.push(`upload with ${column}: ${response.body}`);
    }
    expect(wrong).toEqual([]);
    expect(await tableState(t)).toEqual(before);
  });

  it("refuses the gateways' mesh calls without the gateway's own secret, and nothing changes", async () => {
    const sn = w!.gateway.sn;
    const report = { mac: 'DD0000000001', at: 1_700_000_000, seq: 1 };
    const bodies: [string, Record<string, unknown>][] = [
      ['/SigMesh/lbs', { longitude: 13.4, latitude: 52.5 }],
      ['/SigMesh/report/emergency/node', { ...report, mode: 3, faultBits: 5 }],
      ['/SigMesh/report/light/consume', { ...report, onSeconds: 1, energyWh: 1 }],
      ['/SigMesh/report/sensor/trigger', { ...report, count: 1 }],
    ];
    const secrets: [string, { uid: string; token: string }][] = [
      ['no secret', { uid: sn, token: '' }],
      ['a wrong secret', { uid: sn, token: `secret-${sn}x` }],
      ["the owner's session", { uid: `${credentials.owner.uid}`, token: credentials.owner.token }],
      ['a display key', { uid: sn, token: credentials.display! }],
      ['an e-mailed link', { uid: sn, token: credentials['emergency-fault']! }],
    ];
    const before = await tableState(t);
    const wrong: string[] = [];
    for (const [path, body] of bodies) {
      for (const [column, secret] of secrets) {
        const reply = await post(t.app, path, { ...secret, ...body });
        if (reply.body.code !== Code.sessionInvalid)
          wrong.push(`${path} with ${column}: ${JSON.stringify(reply.body)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await tableState(t)).toEqual(before);
  });

  it('opens no display or link route with a credential of another kind, and nothing changes', async () => {
    const linkClassed = Object.keys(CALL_ACCESS).filter((name) =>
      /^(display|link:|session\+link:)/.test(classOfCall(name)),
    );
    expect(LINK_CALLS.map((entry) => entry.name).sort()).toEqual(linkClassed.sort());
    const others = (kind: CredentialKind) =>
      Object.entries(credentials).filter(([other]) => other !== 'owner' && other !== kind) as [string, string][];
    const before = await tableState(t);
    const wrong: string[] = [];
    for (const entry of LINK_CALLS) {
      for (const [kind, credential] of others(entry.kind)) {
        const payload = entry.payload(credential);
        const reply = await send(t, entry.name, entry.withSession ? signedWith(payload, credentials.owner) : payload);
        const refused = LINK_REFUSALS.includes(reply.body.code) && carriesNothing(reply.body);
        if (!refused && !entry.opensNothing?.(reply.body)) {
          wrong.push(`${entry.name} with a ${kind} credential: ${JSON.stringify(reply.body).slice(0, 160)}`);
        }
      }
    }
    // The two link routes outside the registry: one-click unsubscribe and a file download.
    for (const [kind, credential] of others('recipient')) {
      const reply = await t.app.inject({ method: 'POST', url: `/email/register?link=${credential}` });
      if (![400, 403].includes(reply.statusCode)) wrong.push(`/email/register with a ${kind}: ${reply.statusCode}`);
    }
    for (const [kind, credential] of others('file')) {
      const sig = credential.split('.').at(-1)!.slice(0, 43).padEnd(43, 'A');
      const query = new URLSearchParams({
        fileName: w!.pictureName,
        uid: `${credentials.owner.uid}`,
        exp: '4102444800',
        sig,
      });
      const reply = await t.app.inject({ method: 'GET', url: `/SigMesh/file/download?${query}` });
      if (reply.statusCode !== 403) wrong.push(`file download signed with a ${kind}: ${reply.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect(await tableState(t)).toEqual(before);
  });

  it('answers a user of another project 1013 for every call of ROWS, and nothing changes', async () => {
    const foreign: [CallName, Record<string, unknown>][] = [];
    for (const row of ROWS) if (calls[row.name].auth) foreign.push([row.name, await row.payload(w!, 'owner')]);
    const before = await tableState(t);
    const wrong: string[] = [];
    for (const [name, payload] of foreign) {
      const reply = await send(t, name, signedWith(payload, stranger));
      if (reply.body.code !== Code.noPermission) wrong.push(`${name}: ${JSON.stringify(reply.body).slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(await tableState(t)).toEqual(before);
  });

  it("refuses a user of another project the owner's own things by id, and nothing changes", async () => {
    const owned = await ownedByOwner(t, w!);
    const before = await tableState(t);
    const wrong: string[] = [];
    for (const [name, payload] of owned) {
      const reply = await send(t, name, signedWith(payload, stranger));
      if (reply.body.code !== Code.noPermission || reply.body.data !== null) {
        wrong.push(`${name}: ${JSON.stringify(reply.body).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await tableState(t)).toEqual(before);
  });

  it('answers the owner, the installer and the sub-user the codes of ROWS', { timeout: 180_000 }, async () => {
    const world = w!;
    const wrong: string[] = [];
    for (const row of ROWS) {
      for (const role of ROLES) {
        const payload = await row.payload(world, role);
        const code =
          row.name === 'liveStream'
            ? await streamCode(baseUrl, world.sessions[role], payload.nid as number)
            : (await send(t, row.name, calls[row.name].auth ? signedWith(payload, world.sessions[role]) : payload)).body
                .code;
        if (row.sends) await world.settleTasks();
        if (code !== row.codes[role]) wrong.push(`${row.name} as ${role}: ${code} (expected ${row.codes[role]})`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/** The code of a live stream's answer: 0 when it streams, else its JSON refusal's. */
async function streamCode(baseUrl: string, session: Session, nid: number): Promise<number> {
  const stream = await openLiveStream(baseUrl, session, nid);
  try {
    if (stream.response.headers.get('content-type')?.startsWith('text/event-stream')) return Code.ok;
    return ((await stream.response.json()) as { code: number }).code;
  } finally {
    stream.close();
  }
}
