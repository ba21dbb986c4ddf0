import { Code, defaultProfileSettings, Limits, type Recipient } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSends, outbox } from '../src/db/schema.ts';
import {
  buildNetwork,
  buildTestApp,
  call,
  createPgDatabase,
  databaseAvailable,
  describeApi,
  lastLinkFor,
  memberWithProject,
  networkTeam,
  type Session,
  signedInUser,
  TEST_DB,
  type TestApp,
  uniqueIdentity,
} from './helpers.ts';
import { startSmtpSink } from './support/smtp-sink.ts';

const PUBLIC_URL = 'https://console.example.com';

type Refusal = { code: number; data: { retryAfter: number; reason: string; email?: string } };

/** The share invitations the user sent, newest first. */
async function invitations(t: TestApp, session: Session) {
  return (await call(t.app, 'shareList', {}, session)).body.data as { id: number; email: string; state: string }[];
}

/** The link in the newest mail of `template` to `email`, read from the outbox. */
async function newestLink(t: TestApp, email: string, template: string): Promise<string> {
  return (await lastLinkFor(t.db, email, template)).link;
}

describeApi('mail to typed addresses is limited per address and per account', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const delivered = (email: string) => sink.mails.filter((mail) => mail.to.includes(email)).length;
  const kept = async (email: string) => (await t.db.select().from(outbox).where(eq(outbox.toAddress, email))).length;

  it('share/resend: the 2nd mail to one address within 10 minutes is refused (1019, retryAfter); after, it goes', async () => {
    const { owner, stranger, network } = await networkTeam(t);
    const guest = uniqueIdentity().email;
    const shared = await call(t.app, 'shareNetwork', { nid: network.id, emails: [guest], userType: 3 }, owner.session);
    expect(shared.body).toEqual({ code: 0, data: { sent: 1 } });
    const first = await newestLink(t, guest, 'share');
    const [invitation] = await invitations(t, owner.session);

    expect((await call(t.app, 'shareResend', { id: invitation!.id })).body.code).toBe(Code.sessionInvalid);
    expect((await call(t.app, 'shareResend', { id: 0 }, owner.session)).body.code).toBe(Code.badInput);
    expect((await call(t.app, 'shareResend', { id: invitation!.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    const refused = (await call(t.app, 'shareResend', { id: invitation!.id }, owner.session)).body as Refusal;
    expect(refused).toMatchObject({ code: Code.tooManyAttempts, data: { reason: 'address', email: guest } });
    expect(refused.data.retryAfter).toBeGreaterThan(Limits.mailAddressIntervalSeconds - 30);
    expect(refused.data.retryAfter).toBeLessThanOrEqual(Limits.mailAddressIntervalSeconds);
    expect((refused as { message?: string }).message).toContain(String(refused.data.retryAfter));
    // Nothing was sent or kept, and the link already mailed still works.
    expect(delivered(guest)).toBe(1);
    expect(await kept(guest)).toBe(1);
    expect((await call(t.app, 'shareInfo', { link: first })).body.data).toMatchObject({ state: 'pending' });
    // A network share to the same address from the same account waits too.
    const other = await buildNetwork(t.db, owner.pid, [{ uid: owner.user.id, userType: 2 }]);
    const again = await call(t.app, 'shareNetwork', { nid: other.id, emails: [guest], userType: 3 }, owner.session);
    expect(again.body).toMatchObject({ code: Code.tooManyAttempts, data: { reason: 'address' } });

    t.clock.advance(Limits.mailAddressIntervalSeconds);
    expect((await call(t.app, 'shareResend', { id: invitation!.id }, owner.session)).body.code).toBe(0);
    expect(delivered(guest)).toBe(2);
    expect(await newestLink(t, guest, 'share')).not.toBe(first);
  });

  it("one account's waiting does not hold up another account mailing the same address", async () => {
    const a = await memberWithProject(t);
    const b = await memberWithProject(t);
    const guest = uniqueIdentity().email;
    expect((await call(t.app, 'shareProject', { pid: a.pid, emails: [guest], userType: 3 }, a.session)).body.code).toBe(
      0,
    );
    const [mine] = await invitations(t, a.session);
    expect((await call(t.app, 'shareResend', { id: mine!.id }, a.session)).body.code).toBe(Code.tooManyAttempts);
    expect((await call(t.app, 'shareProject', { pid: b.pid, emails: [guest], userType: 3 }, b.session)).body.code).toBe(
      0,
    );
    expect(delivered(guest)).toBe(2);
  });

  it('concurrent resends (10 at once) give exactly one mail', async () => {
    const { owner, network } = await networkTeam(t);
    const guest = uniqueIdentity().email;
    await call(t.app, 'shareNetwork', { nid: network.id, emails: [guest], userType: 3 }, owner.session);
    const [invitation] = await invitations(t, owner.session);
    t.clock.advance(Limits.mailAddressIntervalSeconds);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => call(t.app, 'shareResend', { id: invitation!.id }, owner.session)),
    );
    const codes = replies.map((reply) => reply.body.code).sort();
    expect(codes).toEqual([0, ...Array.from({ length: 9 }, () => Code.tooManyAttempts)]);
    expect(delivered(guest)).toBe(2);
    expect(await kept(guest)).toBe(2);
  });

  it('projectSettingEmail/resend: refused within 10 minutes of the activation mail, once of 10 concurrent after', async () => {
    const { owner, installer, sub } = await networkTeam(t);
    const address = uniqueIdentity().email;
    const recipients = [{ email: address, language: 'en', kinds: ['emergencyFault'] }];
    const added = await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients }, owner.session);
    const [recipient] = added.body.data as Recipient[];
    const resend = (session: Session) => call(t.app, 'recipientResend', { pid: owner.pid, id: recipient!.id }, session);
    expect((await resend(sub.session)).body.code).toBe(Code.noPermission);
    const burst = await Promise.all(Array.from({ length: 10 }, () => resend(owner.session)));
    expect(burst.map((reply) => reply.body.code)).toEqual(Array.from({ length: 10 }, () => Code.tooManyAttempts));
    expect((burst[0]!.body as Refusal).data.retryAfter).toBeGreaterThan(0);
    expect(delivered(address)).toBe(1);
    // Another editor of the project has an allowance of their own.
    expect((await resend(installer.session)).body.code).toBe(0);
    expect(delivered(address)).toBe(2);

    t.clock.advance(Limits.mailAddressIntervalSeconds);
    const after = await Promise.all(Array.from({ length: 10 }, () => resend(owner.session)));
    expect(after.filter((reply) => reply.body.code === 0)).toHaveLength(1);
    expect(after.filter((reply) => reply.body.code === Code.tooManyAttempts)).toHaveLength(9);
    expect(delivered(address)).toBe(3);
    expect(await kept(address)).toBe(3);
  });

  it('projectSettingEmail/update: removing and adding an address again within 10 minutes is refused, nothing changed', async () => {
    const { owner } = await networkTeam(t);
    const address = uniqueIdentity().email;
    const recipients = [{ email: address, language: 'de', kinds: ['selfTestReport'] }];
    expect((await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients }, owner.session)).body.code).toBe(0);
    expect((await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients: [] }, owner.session)).body.code).toBe(0);
    const refused = await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients }, owner.session);
    expect(refused.body).toMatchObject({ code: Code.tooManyAttempts, data: { reason: 'address', email: address } });
    expect((await call(t.app, 'recipientAll', { pid: owner.pid }, owner.session)).body.code).toBe(Code.emptyList);
    expect(delivered(address)).toBe(1);
  });

  it('profile share counts too', async () => {
    const sharer = await signedInUser(t);
    const guest = uniqueIdentity().email;
    const profile = await call(
      t.app,
      'profileAdd',
      { name: 'Evening', settings: defaultProfileSettings() },
      sharer.session,
    );
    const profileId = (profile.body.data as { id: number }).id;
    expect((await call(t.app, 'profileShare', { profileId, emails: [guest] }, sharer.session)).body.code).toBe(0);
    const [invitation] = await invitations(t, sharer.session);
    expect((await call(t.app, 'shareResend', { id: invitation!.id }, sharer.session)).body.code).toBe(
      Code.tooManyAttempts,
    );
    expect(delivered(guest)).toBe(1);
  });

  it('the 51st mail of an account within a day is refused; a batch is refused whole; a day later it goes', async () => {
    const { owner, network } = await networkTeam(t);
    const share = (emails: string[]) =>
      call(t.app, 'shareNetwork', { nid: network.id, emails, userType: 3 }, owner.session);
    const batch = (size: number) => Array.from({ length: size }, () => uniqueIdentity().email);
    for (let i = 0; i < 8; i += 1) expect((await share(batch(6))).body.code).toBe(0);
    const tooMany = batch(3);
    const refusedBatch = (await share(tooMany)).body as Refusal;
    expect(refusedBatch).toMatchObject({ code: Code.tooManyAttempts, data: { reason: 'account' } });
    for (const email of tooMany) expect(delivered(email)).toBe(0);
    expect((await share(batch(2))).body.code).toBe(0);
    const last = batch(1);
    const refused = (await share(last)).body as Refusal;
    expect(refused).toMatchObject({ code: Code.tooManyAttempts, data: { reason: 'account' } });
    expect(refused.data.retryAfter).toBeGreaterThan(Limits.mailAccountWindowSeconds - 300);
    expect(refused.data.retryAfter).toBeLessThanOrEqual(Limits.mailAccountWindowSeconds);
    expect(delivered(last[0]!)).toBe(0);
    expect(await kept(last[0]!)).toBe(0);
    // Resends count against the same day.
    const [newest] = await invitations(t, owner.session);
    t.clock.advance(Limits.mailAddressIntervalSeconds);
    expect((await call(t.app, 'shareResend', { id: newest!.id }, owner.session)).body.code).toBe(Code.tooManyAttempts);

    t.clock.advance(Limits.mailAccountWindowSeconds);
    expect((await share(last)).body.code).toBe(0);
    expect(delivered(last[0]!)).toBe(1);
  });

  it('a project name with a link and a sentence is quoted and cut in the subject, and the only link is the console’s', async () => {
    const sharer = await memberWithProject(t);
    const name = 'URGENT: reset at http://evil.test/login';
    expect((await call(t.app, 'projectUpdate', { pid: sharer.pid, name }, sharer.session)).body.code).toBe(0);
    const guest = uniqueIdentity().email;
    await call(t.app, 'shareProject', { pid: sharer.pid, emails: [guest], userType: 3 }, sharer.session);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.toAddress, guest));
    expect(mail!.subject).toBe('Invitation to the project “URGENT: reset at http[:]//evil[.]te…” on Lightwell');
    expect(mail!.textBody).toContain('the project “URGENT: reset at http[:]//evil[.]test/login”');
    expect(mail!.textBody).toContain(`The Lightwell user “${sharer.user.name}” invites you`);
    const links = [...`${mail!.textBody}\n${mail!.htmlBody}`.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s<"]+/gi)];
    expect(links.length).toBeGreaterThan(0);
    for (const [link] of links) expect(link.startsWith(`${PUBLIC_URL}/shared/project?link=`)).toBe(true);
    expect(mail!.textBody).not.toContain('evil.test');
  });

  it('hands the allowance back when the mail server refuses, so trying again is not held up', async () => {
    const broken = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port + 1}` });
    try {
      const { owner, network } = await networkTeam(broken);
      const guest = uniqueIdentity().email;
      const share = () =>
        call(broken.app, 'shareNetwork', { nid: network.id, emails: [guest], userType: 3 }, owner.session);
      expect((await share()).body.code).toBe(Code.mailFailed);
      expect((await share()).body.code).toBe(Code.mailFailed);
      const recipients = [{ email: guest, language: 'en', kinds: ['emergencyFault'] }];
      const update = await call(broken.app, 'recipientUpdate', { pid: owner.pid, recipients }, owner.session);
      expect(update.body.code).toBe(Code.mailFailed);
      expect(await broken.db.select().from(mailSends).where(eq(mailSends.senderUid, owner.user.id))).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

/** Two server processes need one PostgreSQL database: this runs in the server-pg project only. */
describe.skipIf(TEST_DB !== 'pg' || !databaseAvailable)('mail limits across two server processes', () => {
  let drop: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const database = await createPgDatabase({ migrated: true });
    drop = database.drop;
    a = await buildTestApp({ PUBLIC_URL }, { databaseUrl: database.url });
    b = await buildTestApp({ PUBLIC_URL }, { databaseUrl: database.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('concurrent resends through both processes give exactly one mail', async () => {
    const { owner, network } = await networkTeam(a);
    const guest = uniqueIdentity().email;
    await call(a.app, 'shareNetwork', { nid: network.id, emails: [guest], userType: 3 }, owner.session);
    const [invitation] = await invitations(a, owner.session);
    a.clock.advance(Limits.mailAddressIntervalSeconds);
    b.clock.advance(Limits.mailAddressIntervalSeconds);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call((i % 2 ? a : b).app, 'shareResend', { id: invitation!.id }, owner.session),
      ),
    );
    expect(replies.filter((reply) => reply.body.code === 0)).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.code === Code.tooManyAttempts)).toHaveLength(9);
    expect(await a.db.select().from(outbox).where(eq(outbox.toAddress, guest))).toHaveLength(2);
  });
});
