import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  buildUser,
  call,
  describeApi,
  lastCodeFor,
  loginAs,
  PASSWORD,
  signedInUser,
  type TestApp,
  uniqueIdentity,
} from '../../../test/helpers.ts';
import { projects, projectUsers, sessions, throttles, users, verificationCodes } from '../../db/schema.ts';

describeApi('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  // Each test starts with the client address unthrottled: these tests are about registration, and all come
  // from one address (the throttle has its own tests below).
  afterEach(() => t.db.delete(throttles));

  async function register(identity = uniqueIdentity(), overrides: Record<string, unknown> = {}) {
    const sent = await call(t.app, 'registerCode', { email: identity.email, language: 2 });
    expect(sent.body).toMatchObject({ code: 0, data: { resendAfter: 60 } });
    const code = await lastCodeFor(t.db, identity.email, 'registerCode');
    return call(t.app, 'register', { ...identity, password: PASSWORD, code, language: 2, ...overrides });
  }

  it('e-mails a 6-digit code in the chosen language and creates the account with a default project', async () => {
    const identity = uniqueIdentity();
    const reply = await register(identity);
    expect(reply.body).toMatchObject({ code: 0 });
    const [user] = await t.db.select().from(users).where(eq(users.email, identity.email));
    expect(user).toMatchObject({ name: identity.name, language: 2, timeFormat: 1, pageNumber: 10 });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const owned = await t.db
      .select({ name: projects.name, isDefault: projectUsers.isDefault })
      .from(projectUsers)
      .innerJoin(projects, eq(projects.id, projectUsers.pid))
      .where(eq(projectUsers.uid, user!.id));
    expect(owned).toEqual([{ name: 'Mein Projekt', isDefault: true }]);
    await expect(loginAs(t.app, identity.email)).resolves.toMatchObject({ uid: user!.id });
  });

  it.each([
    ['de-DE', 2, 1],
    ['en-GB', 2, 1],
    ['en-US', 1, 7],
    ['zh-CN', 0, 1],
  ])(
    'a new account registered from a %s browser writes dates as format %i, weeks from day %i',
    async (locale, timeFormat, weekStart) => {
      const identity = uniqueIdentity();
      expect((await register(identity, { locale })).body.code).toBe(0);
      const login = await call(t.app, 'login', { email: identity.email, password: PASSWORD, language: 2 });
      expect(login.body.data).toMatchObject({ timeFormat, weekStart, language: 2 });
    },
  );

  it('keeps the defaults (m/d/y, Monday) without a locale or with one it cannot read', async () => {
    for (const locale of [undefined, 'no locale here']) {
      const identity = uniqueIdentity();
      expect((await register(identity, locale ? { locale } : {})).body.code).toBe(0);
      const [user] = await t.db.select().from(users).where(eq(users.email, identity.email));
      expect(user).toMatchObject({ timeFormat: 1, weekStart: 1 });
    }
  });

  it('writes the code e-mail in German when asked in German', async () => {
    const identity = uniqueIdentity();
    await call(t.app, 'registerCode', { email: identity.email, language: 2 });
    const code = await lastCodeFor(t.db, identity.email, 'registerCode');
    expect(code).toMatch(/^\d{6}$/);
  });

  it('answers 1051 for a registered address, at code and at registration', async () => {
    const existing = await buildUser(t.db);
    expect((await call(t.app, 'registerCode', { email: existing.email, language: 0 })).body.code).toBe(
      Code.alreadyRegistered,
    );
    const reply = await call(t.app, 'register', {
      email: existing.email.toUpperCase(),
      name: 'Someone new',
      password: PASSWORD,
      code: '123456',
      language: 0,
    });
    expect(reply.body.code).toBe(Code.alreadyRegistered);
  });

  it('answers 1016 when the name is taken, whatever its case', async () => {
    const existing = await buildUser(t.db);
    const reply = await register(uniqueIdentity(), { name: existing.name.toUpperCase() });
    expect(reply.body.code).toBe(Code.nameTaken);
  });

  it('answers 1053 for a wrong code, allows 5 tries, and refuses an expired code', async () => {
    const identity = uniqueIdentity();
    await call(t.app, 'registerCode', { email: identity.email, language: 0 });
    const code = await lastCodeFor(t.db, identity.email, 'registerCode');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const reply = await call(t.app, 'register', { ...identity, password: PASSWORD, code: wrong, language: 0 });
      expect(reply.body.code).toBe(Code.badVerificationCode);
    }
    const afterTries = await call(t.app, 'register', { ...identity, password: PASSWORD, code, language: 0 });
    expect(afterTries.body.code).toBe(Code.badVerificationCode);

    const other = uniqueIdentity();
    await call(t.app, 'registerCode', { email: other.email, language: 0 });
    const otherCode = await lastCodeFor(t.db, other.email, 'registerCode');
    t.clock.advance(10 * 60 + 1);
    const expired = await call(t.app, 'register', { ...other, password: PASSWORD, code: otherCode, language: 0 });
    expect(expired.body.code).toBe(Code.badVerificationCode);
    expect(await t.db.select().from(users).where(eq(users.email, other.email))).toEqual([]);
  });

  it('uses a code once and only the newest code works', async () => {
    const identity = uniqueIdentity();
    await call(t.app, 'registerCode', { email: identity.email, language: 0 });
    const first = await lastCodeFor(t.db, identity.email, 'registerCode');
    t.clock.advance(61);
    await call(t.app, 'registerCode', { email: identity.email, language: 0 });
    const second = await lastCodeFor(t.db, identity.email, 'registerCode');
    if (first !== second) {
      const old = await call(t.app, 'register', { ...identity, password: PASSWORD, code: first, language: 0 });
      expect(old.body.code).toBe(Code.badVerificationCode);
    }
    expect(
      (await call(t.app, 'register', { ...identity, password: PASSWORD, code: second, language: 0 })).body.code,
    ).toBe(0);
    const rows = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, identity.email));
    expect(rows.every((row) => row.consumedAt !== null)).toBe(true);
  });

  it('refuses a second code within 60 seconds with 1019 and the wait', async () => {
    const identity = uniqueIdentity();
    await call(t.app, 'registerCode', { email: identity.email, language: 0 });
    const again = await call(t.app, 'registerCode', { email: identity.email, language: 0 });
    expect(again.body.code).toBe(Code.tooManyAttempts);
    expect((again.body.data as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
  });

  it('refuses a password that breaks the rule, and bad e-mail formats, with 1001', async () => {
    const identity = uniqueIdentity();
    for (const password of ['short1A', 'alllowercase', 'abcdefg1']) {
      const reply = await call(t.app, 'register', { ...identity, password, code: '123456', language: 0 });
      expect(reply.status).toBe(400);
      expect(reply.body.code).toBe(Code.badInput);
    }
    const bad = await call(t.app, 'registerCode', { email: 'x@example.elevenlettr', language: 0 });
    expect(bad.body.code).toBe(Code.badInput);
  });
});

describeApi('login, logout and throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers the user and a token; the token is stored only as a hash', async () => {
    const user = await buildUser(t.db, { timeFormat: 2, pageNumber: 20, language: 3 });
    const reply = await call(t.app, 'login', { email: user.email.toUpperCase(), password: PASSWORD, language: 0 });
    expect(reply.body).toMatchObject({
      code: 0,
      data: { uid: user.id, name: user.name, email: user.email, timeFormat: 2, pageNumber: 20, language: 3 },
    });
    const token = (reply.body.data as { token: string }).token;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.db.select().from(sessions).where(eq(sessions.uid, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(JSON.stringify(reply.body)).not.toContain('argon2');
  });

  it('answers 1017 for an unknown account and 1018 for a wrong password', async () => {
    const user = await buildUser(t.db);
    expect((await call(t.app, 'login', { email: 'nobody@example.com', password: PASSWORD })).body.code).toBe(
      Code.unknownAccount,
    );
    expect((await call(t.app, 'login', { email: user.email, password: 'Wrong-Pass-1' })).body.code).toBe(
      Code.wrongPassword,
    );
  });

  it('locks an account after 5 wrong passwords for a minute, then lets the owner in', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 5; i += 1) {
      expect((await call(t.app, 'login', { email: user.email, password: 'Wrong-Pass-1' })).body.code).toBe(
        Code.wrongPassword,
      );
    }
    const locked = await call(t.app, 'login', { email: user.email, password: PASSWORD });
    expect(locked.body).toMatchObject({ code: Code.tooManyAttempts, data: { retryAfter: 60 } });
    t.clock.advance(61);
    expect((await call(t.app, 'login', { email: user.email, password: PASSWORD })).body.code).toBe(0);
  });

  it('throttles one client address after 20 failures across accounts', async () => {
    const t2 = await buildTestApp();
    try {
      for (let i = 0; i < 20; i += 1) {
        await call(t2.app, 'login', { email: `ghost${i}@example.com`, password: PASSWORD });
      }
      const user = await buildUser(t2.db);
      expect((await call(t2.app, 'login', { email: user.email, password: PASSWORD })).body.code).toBe(
        Code.tooManyAttempts,
      );
    } finally {
      await t2.close();
    }
  });

  it('counts every answer that tells whether an account exists against the client address', async () => {
    const t2 = await buildTestApp();
    try {
      const user = await buildUser(t2.db);
      // 30 answers: code requests for unknown and new addresses, a registration with a wrong code, resets.
      for (let i = 0; i < 10; i += 1) {
        expect((await call(t2.app, 'passwordCode', { email: `ghost${i}@example.com` })).body.code).toBe(
          Code.unknownAccount,
        );
        expect(
          (
            await call(t2.app, 'passwordReset', {
              email: `ghost${i}@example.com`,
              code: '123456',
              password: 'New-Password-7',
            })
          ).body.code,
        ).toBe(Code.unknownAccount);
        expect((await call(t2.app, 'registerCode', { email: `new${i}@example.com`, language: 0 })).body.code).toBe(0);
      }
      // The 31st is refused whatever it asks, with the wait, and tells nothing of the account.
      const known = await call(t2.app, 'passwordCode', { email: user.email });
      expect(known.body).toMatchObject({ code: Code.tooManyAttempts, data: { retryAfter: 60 } });
      expect((await call(t2.app, 'registerCode', { email: user.email, language: 0 })).body.code).toBe(
        Code.tooManyAttempts,
      );
      // Another address is not held back; this one is again after the wait.
      const elsewhere = await t2.app.inject({
        method: 'POST',
        url: '/api/v1/user/register/code',
        remoteAddress: '192.0.2.9',
        payload: { email: user.email, language: 0 },
      });
      expect(JSON.parse(elsewhere.body).code).toBe(Code.alreadyRegistered);
      t2.clock.advance(61);
      expect((await call(t2.app, 'passwordCode', { email: user.email })).body.code).toBe(0);
    } finally {
      await t2.close();
    }
  });

  it('logout revokes the token: the next call answers 1012', async () => {
    const { session } = await signedInUser(t);
    expect((await call(t.app, 'userInfo', {}, session)).body.code).toBe(0);
    expect((await call(t.app, 'logout', {}, session)).body.code).toBe(0);
    expect((await call(t.app, 'userInfo', {}, session)).body.code).toBe(Code.sessionInvalid);
  });

  it('expires a session after 30 days without use, not while it is used', async () => {
    const { session } = await signedInUser(t);
    t.clock.advance(29 * 86400);
    expect((await call(t.app, 'userInfo', {}, session)).body.code).toBe(0);
    t.clock.advance(29 * 86400);
    expect((await call(t.app, 'userInfo', {}, session)).body.code).toBe(0);
    t.clock.advance(30 * 86400 + 1);
    expect((await call(t.app, 'userInfo', {}, session)).body.code).toBe(Code.sessionInvalid);
  });
});

describeApi('password reset and change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('resets the password with an e-mailed code and ends every session', async () => {
    const { user, session } = await signedInUser(t);
    expect((await call(t.app, 'passwordCode', { email: user.email })).body.code).toBe(0);
    const code = await lastCodeFor(t.db, user.email, 'passwordCode');
    const reply = await call(t.app, 'passwordReset', { email: user.email, code, password: 'New-Password-7' });
    expect(reply.body.code).toBe(0);
    expect((await call(t.app, 'userInfo', {}, session)).body.code).toBe(Code.sessionInvalid);
    expect((await call(t.app, 'login', { email: user.email, password: PASSWORD })).body.code).toBe(Code.wrongPassword);
    await expect(loginAs(t.app, user.email, 'New-Password-7')).resolves.toBeTruthy();
  });

  it('answers 1017 for an unknown address and 1053 for a wrong code, changing nothing', async () => {
    const user = await buildUser(t.db);
    expect((await call(t.app, 'passwordCode', { email: 'nobody@example.com' })).body.code).toBe(Code.unknownAccount);
    const unknown = await call(t.app, 'passwordReset', {
      email: 'nobody@example.com',
      code: '123456',
      password: 'New-Password-7',
    });
    expect(unknown.body.code).toBe(Code.unknownAccount);
    await call(t.app, 'passwordCode', { email: user.email });
    const code = await lastCodeFor(t.db, user.email, 'passwordCode');
    const wrong = code === '999999' ? '000000' : '999999';
    const reply = await call(t.app, 'passwordReset', { email: user.email, code: wrong, password: 'New-Password-7' });
    expect(reply.body.code).toBe(Code.badVerificationCode);
    await expect(loginAs(t.app, user.email)).resolves.toBeTruthy();
  });

  it('lifts an account lock after a reset', async () => {
    const user = await buildUser(t.db);
    for (let i = 0; i < 5; i += 1) await call(t.app, 'login', { email: user.email, password: 'Wrong-Pass-1' });
    await call(t.app, 'passwordCode', { email: user.email });
    const code = await lastCodeFor(t.db, user.email, 'passwordCode');
    await call(t.app, 'passwordReset', { email: user.email, code, password: 'New-Password-7' });
    await expect(loginAs(t.app, user.email, 'New-Password-7')).resolves.toBeTruthy();
  });

  it('changes the password with the old one and revokes all sessions; 1018 when the old one is wrong', async () => {
    const { user, session } = await signedInUser(t);
    const other = await loginAs(t.app, user.email);
    const wrong = await call(
      t.app,
      'updatePassword',
      { oldPassword: 'Wrong-Pass-1', newPassword: 'New-Password-7' },
      session,
    );
    expect(wrong.body.code).toBe(Code.wrongPassword);
    const weak = await call(t.app, 'updatePassword', { oldPassword: PASSWORD, newPassword: 'weak' }, session);
    expect(weak.body.code).toBe(Code.badInput);
    const ok = await call(t.app, 'updatePassword', { oldPassword: PASSWORD, newPassword: 'New-Password-7' }, session);
    expect(ok.body.code).toBe(0);
    expect((await call(t.app, 'userInfo', {}, session)).body.code).toBe(Code.sessionInvalid);
    expect((await call(t.app, 'userInfo', {}, other)).body.code).toBe(Code.sessionInvalid);
    await expect(loginAs(t.app, user.email, 'New-Password-7')).resolves.toBeTruthy();
  });
});
