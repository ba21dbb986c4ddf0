import { randomBytes } from 'node:crypto';
import { Code, Limits, type User } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  buildUser,
  call,
  createPgDatabase,
  loginAs,
  PASSWORD,
  type Session,
  TEST_DB,
  type TestApp,
} from './helpers.ts';
import { waitFor } from './mqtt/fake-gateway.ts';
import { DEPLOYMENT_BROKER, describeWithMosquitto, portAnswers } from './mqtt/mosquitto.ts';

/** Both stand for server processes of one deployment: one database (PostgreSQL, or here one PGlite) and one broker. */
const describeTwoProcesses = describeWithMosquitto(
  await portAnswers(1883),
  `no MQTT broker answers at ${DEPLOYMENT_BROKER}`,
);

/** What B answers for user/info with this session: the user, or the refusal's code. */
async function infoIn(t: TestApp, session: Session): Promise<User | number> {
  const reply = await call(t.app, 'userInfo', {}, session);
  return reply.body.code === Code.ok ? (reply.body.data as User) : reply.body.code;
}

describeTwoProcesses('the session cache across two server processes', () => {
  let a: TestApp;
  let b: TestApp;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    // A minute of cache: without the broker's announcements B would go on answering from what it kept.
    const env = {
      MQTT_URL: DEPLOYMENT_BROKER,
      MQTT_SHARE_GROUP: `sessions-${randomBytes(4).toString('hex')}`,
      SESSION_CACHE_MS: '60000',
    };
    if (TEST_DB === 'pg') {
      const database = await createPgDatabase({ migrated: true });
      drop = database.drop;
      a = await buildTestApp(env, { databaseUrl: database.url });
      b = await buildTestApp(env, { databaseUrl: database.url });
    } else {
      a = await buildTestApp(env);
      b = await buildTestApp(env, { database: { db: a.db, kind: 'pglite', close: async () => undefined } });
    }
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await drop?.();
  });

  /** A user signed in through A whose session B has just served (and so keeps). */
  async function keptInB() {
    const user = await buildUser(a.db);
    const session = await loginAs(a.app, user.email);
    expect(await infoIn(b, session)).toMatchObject({ uid: user.id });
    return { user, session };
  }

  it('refuses in B a token that signed out in A', async () => {
    const { session } = await keptInB();
    expect((await call(a.app, 'logout', {}, session)).body.code).toBe(Code.ok);
    await waitFor(async () => (await infoIn(b, session)) === Code.sessionInvalid, 5000, 'B refusing the token');
    expect(await infoIn(a, session)).toBe(Code.sessionInvalid);
  });

  it('ends in B the other sessions of a password changed in A', async () => {
    const { user, session } = await keptInB();
    const other = await loginAs(a.app, user.email);
    expect(await infoIn(b, other)).toMatchObject({ uid: user.id });
    const reply = await call(
      a.app,
      'updatePassword',
      { oldPassword: PASSWORD, newPassword: 'Another-Horse-7' },
      session,
    );
    expect(reply.body.code).toBe(Code.ok);
    await waitFor(async () => (await infoIn(b, other)) === Code.sessionInvalid, 5000, 'B refusing the other session');
  });

  it('answers user/info in B with the language set in A', async () => {
    const { session } = await keptInB();
    expect(await infoIn(b, session)).toMatchObject({ language: 0 });
    expect((await call(a.app, 'updateSetting', { language: 2 }, session)).body.code).toBe(Code.ok);
    const seen = await waitFor(
      async () => {
        const info = await infoIn(b, session);
        return typeof info === 'object' && info.language === 2 ? info : null;
      },
      5000,
      "B answering A's new language",
    );
    expect(seen.language).toBe(2);
  });

  it('still ends a kept session once it has been idle past its limit', async () => {
    const { session } = await keptInB();
    b.clock.advance(Limits.sessionIdleSeconds + 60);
    try {
      expect(await infoIn(b, session)).toBe(Code.sessionInvalid);
    } finally {
      b.clock.advance(-(Limits.sessionIdleSeconds + 60));
    }
    // The idle session was removed, not only refused: A (whose clock did not move) refuses it too.
    expect(await infoIn(a, session)).toBe(Code.sessionInvalid);
  });
});
