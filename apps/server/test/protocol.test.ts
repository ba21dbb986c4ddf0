import { Code, calls, notCheckSignValue, signParams } from '@lightwell/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outbox, sessions, users, verificationCodes } from '../src/db/schema.ts';
import { buildTestApp, call, describeApi, post, SIGNING_SECRET, signedInUser, type TestApp } from './helpers.ts';

async function counts(t: TestApp) {
  const tables = [users, sessions, verificationCodes, outbox];
  return Promise.all(tables.map(async (table) => (await t.db.select({ n: count() }).from(table))[0]!.n));
}

describeApi('bad input never changes anything and never answers 5xx', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const email = 'new.person@example.com';
  const cases: [string, string | unknown, number, number][] = [
    ['malformed JSON', '{"email":', 400, Code.badInput],
    ['JSON null', 'null', 400, Code.badInput],
    ['JSON array', '[1,2]', 400, Code.badInput],
    ['JSON string', '"hello"', 400, Code.badInput],
    ['wrong type', { email: 42, language: 0 }, 400, Code.badInput],
    ['missing field', { language: 0 }, 400, Code.badInput],
    ['unknown field', { email, language: 0, admin: true }, 400, Code.badInput],
    ['100k characters', { email: `${'a'.repeat(100_000)}@example.com`, language: 0 }, 400, Code.badInput],
    ['control character', { email: 'new\u0000person@example.com', language: 0 }, 400, Code.badInput],
    ['language out of range', { email, language: 7 }, 400, Code.badInput],
    ['prototype pollution', '{"email":"a@b.de","language":0,"__proto__":{"x":1}}', 400, Code.badInput],
  ];

  it.each(cases)('%s -> %i / code %i', async (_label, body, status, code) => {
    const before = await counts(t);
    const reply = await post(t.app, calls.registerCode.path, body);
    expect(reply.status).toBe(status);
    expect(reply.body.code).toBe(code);
    expect(reply.body.message).toBeTruthy();
    expect(JSON.stringify(reply.body)).not.toMatch(/at .*\.ts:\d+/);
    expect(await counts(t)).toEqual(before);
  });

  it('refuses a body over 1 MiB with 413 / 1003', async () => {
    const reply = await post(t.app, calls.login.path, { email: 'a@b.de', password: 'x'.repeat(1_100_000) });
    expect(reply.status).toBe(413);
    expect(reply.body.code).toBe(Code.bodyTooLarge);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: calls.login.path,
      payload: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(JSON.parse(response.body).code).toBe(Code.badInput);
  });

  it('answers 404 / 1004 for paths and methods that are not served', async () => {
    expect((await post(t.app, '/api/v1/nothing/here', {})).body.code).toBe(Code.notFound);
    const get = await t.app.inject({ method: 'GET', url: calls.login.path });
    expect(get.statusCode).toBe(404);
    expect(JSON.parse(get.body).code).toBe(Code.notFound);
  });

  it('answers every call with a non-zero code below 500 for a batch of malformed bodies', async () => {
    const { session } = await signedInUser(t);
    const base = { token: session.token, uid: session.uid };
    const bodies: unknown[] = ['{', '[]', 'null', { zzz: 1 }, { ...base, zzz: '\u0007' }];
    for (const [name, def] of Object.entries(calls)) {
      if (def.method === 'GET') continue;
      for (const body of bodies) {
        const reply = await post(t.app, def.path, body);
        expect(reply.status, `${name} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(reply.body.code, `${name} ${JSON.stringify(body)}`).not.toBe(0);
      }
    }
  });
});

describeApi('request signing', () => {
  let t: TestApp;
  let unsigned: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    unsigned = await buildTestApp({ ALLOW_UNSIGNED: 'true' });
  });
  afterAll(async () => {
    await t.close();
    await unsigned.close();
  });

  async function settingsOf(app: TestApp, session: { token: string; uid: number }) {
    return (await call(app.app, 'userInfo', {}, session)).body.data as { pageNumber: number };
  }

  it('refuses a missing signature with 1011 and no effect', async () => {
    const { session } = await signedInUser(t);
    const reply = await post(t.app, calls.updateSetting.path, { ...session, pageNumber: 50 });
    expect(reply.body.code).toBe(Code.badSignature);
    expect((await settingsOf(t, session)).pageNumber).toBe(10);
  });

  it('refuses a wrong key or a field changed after signing', async () => {
    const { session } = await signedInUser(t);
    const body = { ...session, pageNumber: 20 };
    const wrongKey = await post(t.app, calls.updateSetting.path, {
      ...body,
      sign: signParams(body, 'another-secret-000000'),
    });
    expect(wrongKey.body.code).toBe(Code.badSignature);
    const tampered = { ...body, sign: signParams(body, SIGNING_SECRET), pageNumber: 100 };
    expect((await post(t.app, calls.updateSetting.path, tampered)).body.code).toBe(Code.badSignature);
    expect((await settingsOf(t, session)).pageNumber).toBe(10);
  });

  it('answers 1012, not 1011, when the token is missing, unknown or for another uid', async () => {
    const { session } = await signedInUser(t);
    const other = await signedInUser(t);
    const sign = (body: Record<string, unknown>) => ({ ...body, sign: signParams(body, SIGNING_SECRET) });
    expect((await post(t.app, calls.userInfo.path, sign({ uid: session.uid }))).body.code).toBe(Code.sessionInvalid);
    expect((await post(t.app, calls.userInfo.path, sign({ uid: session.uid, token: 'x'.repeat(43) }))).body.code).toBe(
      Code.sessionInvalid,
    );
    expect(
      (await post(t.app, calls.userInfo.path, sign({ uid: other.session.uid, token: session.token }))).body.code,
    ).toBe(Code.sessionInvalid);
  });

  it('refuses notCheckSign unless ALLOW_UNSIGNED is on', async () => {
    const body = { notCheckSign: true, sign: notCheckSignValue(), pageNumber: 20 };
    const a = await signedInUser(t);
    expect((await post(t.app, calls.updateSetting.path, { ...a.session, ...body })).body.code).toBe(Code.badSignature);
    const b = await signedInUser(unsigned);
    expect((await post(unsigned.app, calls.updateSetting.path, { ...b.session, ...body })).body.code).toBe(0);
    const wrongPhrase = { ...b.session, ...body, sign: 'a'.repeat(64) };
    expect((await post(unsigned.app, calls.updateSetting.path, wrongPhrase)).body.code).toBe(Code.badSignature);
  });
});

describeApi('API documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves the OpenAPI document with every call', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body);
    for (const def of Object.values(calls)) {
      expect(doc.paths[def.path]?.[def.method.toLowerCase()], def.path).toBeTruthy();
    }
    expect(doc.paths[calls.login.path].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });
});
