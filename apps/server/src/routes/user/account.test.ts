import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { outbox, users } from '../../db/schema.ts';

describeApi('own account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('needs a session for every account call (1012 without token)', async () => {
    for (const name of [
      'userInfo',
      'updateSetting',
      'nameUpdate',
      'passwordCheck',
      'emailCode',
      'emailUpdate',
    ] as const) {
      expect((await call(t.app, name, {})).body.code, name).toBe(Code.sessionInvalid);
    }
  });

  it('answers the user without secrets', async () => {
    const { user, session } = await signedInUser(t);
    const reply = await call(t.app, 'userInfo', {}, session);
    expect(reply.body.data).toEqual({
      uid: user.id,
      name: user.name,
      email: user.email,
      timeFormat: 1,
      weekStart: 1,
      pageNumber: 10,
      language: 0,
    });
  });

  it('stores language, time format and page size; refuses values outside the lists', async () => {
    const { session } = await signedInUser(t);
    const reply = await call(t.app, 'updateSetting', { language: 1, timeFormat: 0, pageNumber: 50 }, session);
    expect(reply.body).toMatchObject({ code: 0, data: { language: 1, timeFormat: 0, pageNumber: 50 } });
    expect((await call(t.app, 'updateSetting', { language: 2 }, session)).body.data).toMatchObject({
      language: 2,
      timeFormat: 0,
    });
    expect((await call(t.app, 'updateSetting', { weekStart: 7 }, session)).body.data).toMatchObject({ weekStart: 7 });
    for (const bad of [{ language: 4 }, { timeFormat: 3 }, { weekStart: 0 }, { weekStart: 8 }, { pageNumber: 0 }, {}]) {
      const refused = await call(t.app, 'updateSetting', bad, session);
      expect(refused.body.code, JSON.stringify(bad)).toBe(Code.badInput);
    }
    expect((await call(t.app, 'userInfo', {}, session)).body.data).toMatchObject({
      language: 2,
      pageNumber: 50,
      weekStart: 7,
    });
  });

  it('changes the name; 1016 when another user has it', async () => {
    const { session } = await signedInUser(t);
    const other = await buildUser(t.db);
    const fresh = uniqueIdentity('renamed').name;
    expect((await call(t.app, 'nameUpdate', { name: ` ${fresh} ` }, session)).body).toMatchObject({
      code: 0,
      data: { name: fresh },
    });
    expect((await call(t.app, 'nameUpdate', { name: other.name.toLowerCase() }, session)).body.code).toBe(
      Code.nameTaken,
    );
    expect((await call(t.app, 'nameUpdate', { name: 'x' }, session)).body.code).toBe(Code.badInput);
  });

  it('checks the password: 0 when right, 1054 when wrong', async () => {
    const { session } = await signedInUser(t);
    expect((await call(t.app, 'passwordCheck', { password: PASSWORD }, session)).body.code).toBe(0);
    expect((await call(t.app, 'passwordCheck', { password: 'Wrong-Pass-1' }, session)).body.code).toBe(
      Code.checkFailed,
    );
  });

  it('throttles repeated wrong password checks like sign-in (1019)', async () => {
    const { session } = await signedInUser(t);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await call(t.app, 'passwordCheck', { password: 'Wrong-Pass-1' }, session);
      expect(wrong.body.code).toBe(Code.checkFailed);
    }
    const locked = await call(t.app, 'passwordCheck', { password: PASSWORD }, session);
    expect(locked.body).toMatchObject({ code: Code.tooManyAttempts, data: { retryAfter: 60 } });
  });

  it('changes the e-mail with a code sent to the new address and tells the old one', async () => {
    const { user, session } = await signedInUser(t);
    const next = uniqueIdentity('moved').email;
    const sent = await call(
      t.app,
      'emailCode',
      { email: next, emailConfirm: next.toUpperCase(), password: PASSWORD },
      session,
    );
    expect(sent.body.code).toBe(0);
    const code = await lastCodeFor(t.db, next, 'emailCode');
    const reply = await call(t.app, 'emailUpdate', { email: next, code }, session);
    expect(reply.body).toMatchObject({ code: 0, data: { email: next } });
    const notices = await t.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
    expect(notices.map((n) => n.template)).toContain('emailChanged');
    await expect(loginAs(t.app, next)).resolves.toBeTruthy();
    expect((await call(t.app, 'login', { email: user.email, password: PASSWORD })).body.code).toBe(Code.unknownAccount);
  });

  it('refuses e-mail changes: entries differ 1001, wrong password 1054, registered 1051, bad code 1053', async () => {
    const { user, session } = await signedInUser(t);
    const taken = await buildUser(t.db);
    const next = uniqueIdentity('moved').email;
    const differ = await call(
      t.app,
      'emailCode',
      { email: next, emailConfirm: `x${next}`, password: PASSWORD },
      session,
    );
    expect(differ.body.code).toBe(Code.badInput);
    const wrongPassword = await call(
      t.app,
      'emailCode',
      { email: next, emailConfirm: next, password: 'Nope-Nope-1' },
      session,
    );
    expect(wrongPassword.body.code).toBe(Code.checkFailed);
    const registered = await call(
      t.app,
      'emailCode',
      { email: taken.email, emailConfirm: taken.email, password: PASSWORD },
      session,
    );
    expect(registered.body.code).toBe(Code.alreadyRegistered);
    await call(t.app, 'emailCode', { email: next, emailConfirm: next, password: PASSWORD }, session);
    const code = await lastCodeFor(t.db, next, 'emailCode');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call(t.app, 'emailUpdate', { email: next, code: wrong }, session)).body.code).toBe(
      Code.badVerificationCode,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it("cannot use another user's e-mail change code", async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const next = uniqueIdentity('moved').email;
    await call(t.app, 'emailCode', { email: next, emailConfirm: next, password: PASSWORD }, a.session);
    const code = await lastCodeFor(t.db, next, 'emailCode');
    expect((await call(t.app, 'emailUpdate', { email: next, code }, b.session)).body.code).toBe(
      Code.badVerificationCode,
    );
  });
});
