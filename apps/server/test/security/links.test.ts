import { Code, defaultProfileSettings, type FileDownloadLink, fileUpload, Limits } from '@lightwell/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { outbox } from '../../src/db/schema.ts';
import { multipart, png, signed } from '../../src/routes/file/test-upload.ts';
import {
  buildTestApp,
  call,
  describeApi,
  lastCodeFor,
  lastLinkFor,
  memberWithProject,
  networkTeam,
  signedInUser,
  type TestApp,
  uniqueIdentity,
} from '../helpers.ts';
import { buildRoleWorld } from '../support/role-world.ts';

const DAY = 86_400;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
// Each test steps the clock forward; the next starts from the real time again.
afterEach(() => {
  t.clock.offsetMs = 0;
});

const code = async (name: Parameters<typeof call>[1], payload: Record<string, unknown>, session?: never) =>
  (await call(t.app, name, payload, session)).body.code;

describeApi('every e-mailed link and code: single-use or revocable as designed, refused after expiry', () => {
  it('a network share link works once, can be withdrawn, and is refused after 7 days (1065)', async () => {
    const { owner, network } = await networkTeam(t);
    const [used, withdrawn, late] = [
      await memberWithProject(t),
      await memberWithProject(t),
      await memberWithProject(t),
    ];
    const linkOf = async (email: string) => {
      await call(t.app, 'shareNetwork', { nid: network.id, emails: [email], userType: 1 }, owner.session);
      return (await lastLinkFor(t.db, email, 'share')).link;
    };
    const once = await linkOf(used.user.email);
    expect((await call(t.app, 'shareAccept', { link: once }, used.session)).body.code).toBe(Code.ok);
    expect((await call(t.app, 'shareAccept', { link: once }, used.session)).body.code).toBe(Code.linkInvalid);

    const revoked = await linkOf(withdrawn.user.email);
    const list = (await call(t.app, 'shareList', {}, owner.session)).body.data as { id: number; email: string }[];
    const invitation = list.find((row) => row.email === withdrawn.user.email)!;
    expect((await call(t.app, 'shareRevoke', { id: invitation.id }, owner.session)).body.code).toBe(Code.ok);
    expect((await call(t.app, 'shareAccept', { link: revoked }, withdrawn.session)).body.code).toBe(Code.linkInvalid);

    const expiring = await linkOf(late.user.email);
    t.clock.advance(7 * DAY + 1);
    expect((await call(t.app, 'shareAccept', { link: expiring }, late.session)).body.code).toBe(Code.linkInvalid);
  });

  it('a profile share link works once and is refused after 7 days (1065)', async () => {
    const sharer = await signedInUser(t);
    const [guest, late] = [await signedInUser(t), await signedInUser(t)];
    const added = await call(
      t.app,
      'profileAdd',
      { name: 'Shared scenes', settings: defaultProfileSettings() },
      sharer.session,
    );
    const profileId = (added.body.data as { id: number }).id;
    const linkOf = async (email: string) => {
      await call(t.app, 'profileShare', { profileId, emails: [email] }, sharer.session);
      return (await lastLinkFor(t.db, email, 'share')).link;
    };
    const once = await linkOf(guest.user.email);
    expect((await call(t.app, 'profileShareAccept', { link: once }, guest.session)).body.code).toBe(Code.ok);
    expect((await call(t.app, 'profileShareAccept', { link: once }, guest.session)).body.code).toBe(Code.linkInvalid);
    const expiring = await linkOf(late.user.email);
    t.clock.advance(7 * DAY + 1);
    expect((await call(t.app, 'profileShareAccept', { link: expiring }, late.session)).body.code).toBe(
      Code.linkInvalid,
    );
  });

  it('a recipient activation link stays successful once used, and an unused one is expired after 7 days', async () => {
    const { owner } = await networkTeam(t);
    const recipients = [
      { email: 'used@example.com', language: 'en', kinds: ['emergencyFault'] },
      { email: 'late@example.com', language: 'en', kinds: ['emergencyFault'] },
    ];
    expect((await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients }, owner.session)).body.code).toBe(0);
    const activation = async (email: string) => {
      const [mail] = await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, email), eq(outbox.template, 'recipientActivation')))
        .orderBy(desc(outbox.id))
        .limit(1);
      return mail!.textBody.match(/active\?link=([A-Za-z0-9_-]+)/)![1]!;
    };
    const used = await activation('used@example.com');
    const late = await activation('late@example.com');
    const state = async (link: string) => (await call(t.app, 'recipientActivate', { link })).body.data;
    expect(await state(used)).toMatchObject({ state: 'successful' });
    t.clock.advance(7 * DAY + 1);
    expect(await state(used)).toMatchObject({ state: 'successful' });
    expect(await state(late)).toMatchObject({ state: 'expired' });
  });

  it('emergency fault and report links open until they expire (30 days at most), then 1065', async () => {
    const w = await buildRoleWorld(t);
    expect(await code('emergencyPublicFault', { link: w.record.faultLink })).toBe(Code.ok);
    expect(await code('emergencyPublicReport', { link: w.record.reportLink })).toBe(Code.ok);
    t.clock.advance(31 * DAY);
    expect(await code('emergencyPublicFault', { link: w.record.faultLink })).toBe(Code.linkInvalid);
    expect(await code('emergencyPublicReport', { link: w.record.reportLink })).toBe(Code.linkInvalid);
  });

  it('a download link opens its file until it expires, then 403 with 1065', async () => {
    const { owner, network } = await networkTeam(t);
    const body = multipart(signed(owner.session, { nid: network.id }), [png(32, 24)]);
    const uploaded = await t.app.inject({ method: 'POST', url: fileUpload.path, ...body });
    const { fileName } = (JSON.parse(uploaded.body) as { data: { fileName: string } }).data;
    const link = (await call(t.app, 'fileDownloadUrl', { fileName }, owner.session)).body.data as FileDownloadLink;
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(200);
    t.clock.advance(link.expiresIn + 1);
    const late = await t.app.inject({ method: 'GET', url: link.url });
    expect({ status: late.statusCode, code: (JSON.parse(late.body) as { code: number }).code }).toEqual({
      status: 403,
      code: Code.linkInvalid,
    });
  });

  it('registration and password codes work once and are refused after 10 minutes (1053)', async () => {
    const identity = uniqueIdentity('codes');
    await call(t.app, 'registerCode', { email: identity.email, language: 0 });
    const first = await lastCodeFor(t.db, identity.email, 'registerCode');
    const register = (registerCode: string) =>
      code('register', { ...identity, password: 'Codes-Password-1', code: registerCode, language: 0 });
    t.clock.advance(Limits.codeTtlSeconds + 1);
    expect(await register(first)).toBe(Code.badVerificationCode);
    t.clock.advance(Limits.mailAddressIntervalSeconds);
    await call(t.app, 'registerCode', { email: identity.email, language: 0 });
    const second = await lastCodeFor(t.db, identity.email, 'registerCode');
    expect(await register(second)).toBe(Code.ok);

    const reset = (resetCode: string, password: string) =>
      code('passwordReset', { email: identity.email, code: resetCode, password });
    await call(t.app, 'passwordCode', { email: identity.email });
    const resetCode = await lastCodeFor(t.db, identity.email, 'passwordCode');
    expect(await reset(resetCode, 'Codes-Password-2')).toBe(Code.ok);
    expect(await reset(resetCode, 'Codes-Password-3')).toBe(Code.badVerificationCode);
    t.clock.advance(Limits.mailAddressIntervalSeconds);
    await call(t.app, 'passwordCode', { email: identity.email });
    const lateCode = await lastCodeFor(t.db, identity.email, 'passwordCode');
    t.clock.advance(Limits.codeTtlSeconds + 1);
    expect(await reset(lateCode, 'Codes-Password-4')).toBe(Code.badVerificationCode);
  });
});
