import { Code, defaultProfileSettings, Limits, type Profile } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  call,
  describeApi,
  lastLinkFor,
  type Session,
  signedInUser,
  type TestApp,
  uniqueIdentity,
} from '../../../test/helpers.ts';
import { profiles, shares } from '../../db/schema.ts';

/** The link in the newest share e-mail to `email`, read from the outbox. */
function linkFor(t: TestApp, email: string): Promise<{ link: string; text: string }> {
  return lastLinkFor(t.db, email, 'share');
}

describeApi('sharing a profile by e-mail link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'https://console.example.com' });
  });
  afterAll(() => t.close());

  const add = async (session: Session, name: string) =>
    (await call(t.app, 'profileAdd', { name, settings: defaultProfileSettings() }, session)).body.data as Profile;

  it('e-mails a 7-day link; accepting copies the profile into the recipient’s own profiles', async () => {
    const sharer = await signedInUser(t);
    const guest = await signedInUser(t);
    const profile = await add(sharer.session, 'Night shift');
    const sent = await call(
      t.app,
      'profileShare',
      { profileId: profile.id, emails: [guest.user.email] },
      sharer.session,
    );
    expect(sent.body).toEqual({ code: 0, data: { sent: 1 } });
    const { link, text } = await linkFor(t, guest.user.email);
    expect(text).toContain(`https://console.example.com/shared/config?link=${link}`);
    expect(text).toContain('Night shift');
    const info = await call(t.app, 'profileShareInfo', { link });
    expect(info.body.data).toMatchObject({
      profileName: 'Night shift',
      sharerName: sharer.user.name,
      email: guest.user.email,
      state: 'pending',
      settings: profile.settings,
    });
    const [row] = await t.db.select().from(shares).where(eq(shares.configId, profile.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(6.9 * 86_400_000);
    // The network share calls do not take a profile link.
    expect((await call(t.app, 'shareInfo', { link })).body.code).toBe(Code.checkFailed);
    expect((await call(t.app, 'shareAccept', { link }, guest.session)).body.code).toBe(Code.linkInvalid);
    // The sharer sees it among the invitations sent.
    const invitations = (await call(t.app, 'shareList', {}, sharer.session)).body.data as { kind: string }[];
    expect(invitations).toMatchObject([
      { kind: 'config', targetId: profile.id, targetName: 'Night shift', userType: 0 },
    ]);

    await call(t.app, 'profileUpdate', { profileId: profile.id, name: 'Night shift v2' }, sharer.session);
    const accepted = await call(t.app, 'profileShareAccept', { link }, guest.session);
    expect(accepted.body.data).toMatchObject({ name: 'Night shift v2', mine: true, isPublic: false });
    const copy = accepted.body.data as Profile;
    expect(copy.id).not.toBe(profile.id);
    expect((await call(t.app, 'profileShareAccept', { link }, guest.session)).body).toMatchObject({
      code: Code.linkInvalid,
      data: { state: 'accepted' },
    });
    // The copy is the guest's own: the sharer cannot change it, the original stays the sharer's.
    expect((await call(t.app, 'profileUpdate', { profileId: copy.id, name: 'x' }, sharer.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'profileUpdate', { profileId: profile.id, name: 'x' }, guest.session)).body.code).toBe(
      Code.noPermission,
    );
  });

  it('refuses 7 addresses, duplicates, oneself and a second pending link (1064), and non-owners (1013)', async () => {
    const sharer = await signedInUser(t);
    const other = await signedInUser(t);
    const profile = await add(sharer.session, 'Rules');
    const share = (emails: string[], session = sharer.session, profileId = profile.id) =>
      call(t.app, 'profileShare', { profileId, emails }, session);
    const seven = Array.from({ length: 7 }, () => uniqueIdentity().email);
    expect((await share(seven)).body.code).toBe(Code.badInput);
    const one = uniqueIdentity().email;
    expect((await share([one, one.toUpperCase()])).body.code).toBe(Code.shareRefused);
    expect((await share([sharer.user.email])).body).toMatchObject({
      code: Code.shareRefused,
      data: { emails: [sharer.user.email] },
    });
    expect((await share([one])).body.code).toBe(0);
    expect((await share([one, uniqueIdentity().email])).body).toMatchObject({
      code: Code.shareRefused,
      data: { emails: [one] },
    });
    expect((await share([uniqueIdentity().email], other.session)).body.code).toBe(Code.noPermission);
    const [system] = await t.db.select().from(profiles).where(eq(profiles.isSystem, true));
    expect((await share([uniqueIdentity().email], sharer.session, system!.id)).body.code).toBe(Code.profileReadOnly);
  });

  it('accepts only as the invited account, before expiry and while the profile exists', async () => {
    const sharer = await signedInUser(t);
    const guest = await signedInUser(t);
    const intruder = await signedInUser(t);
    const profile = await add(sharer.session, 'Short-lived');
    await call(t.app, 'profileShare', { profileId: profile.id, emails: [guest.user.email] }, sharer.session);
    const { link } = await linkFor(t, guest.user.email);
    expect((await call(t.app, 'profileShareAccept', { link }, intruder.session)).body).toMatchObject({
      code: Code.linkInvalid,
      data: { state: 'otherAccount' },
    });
    expect((await call(t.app, 'profileShareAccept', { link })).body.code).toBe(Code.sessionInvalid);
    expect((await call(t.app, 'profileShareInfo', { link: 'x'.repeat(40) })).body.code).toBe(Code.checkFailed);

    // Deleting the profile withdraws its pending links.
    expect((await call(t.app, 'profileDelete', { profileId: profile.id }, sharer.session)).body.code).toBe(0);
    expect((await call(t.app, 'profileShareInfo', { link })).body.data).toMatchObject({
      state: 'revoked',
      profileName: '',
      settings: null,
    });
    expect((await call(t.app, 'profileShareAccept', { link }, guest.session)).body.code).toBe(Code.linkInvalid);

    const kept = await add(sharer.session, 'Expiring');
    // One account mails one address at most once in 10 minutes.
    t.clock.advance(Limits.mailAddressIntervalSeconds);
    await call(t.app, 'profileShare', { profileId: kept.id, emails: [guest.user.email] }, sharer.session);
    const second = await linkFor(t, guest.user.email);
    t.clock.advance(7 * 86_400 + 1);
    expect((await call(t.app, 'profileShareAccept', { link: second.link }, guest.session)).body).toMatchObject({
      code: Code.linkInvalid,
      data: { state: 'expired' },
    });
    t.clock.advance(-(7 * 86_400 + 1 + Limits.mailAddressIntervalSeconds));
  });
});
