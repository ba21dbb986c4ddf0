import { Code, type Recipient } from '@lightwell/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { outbox, projectRecipients } from '../../db/schema.ts';
import { activeRecipients } from '../../services/project-recipients.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The activation link in the newest activation e-mail to `email`. */
async function activationLink(email: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.template, 'recipientActivation')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = mail?.textBody.match(/\/shared\/projectSettingEmail\/active\?link=([A-Za-z0-9_-]+)/)?.[1];
  if (!link) throw new Error(`no activation mail to ${email}`);
  return link;
}
describeApi('e-mail recipients of a project (projectSettingEmail)', () => {
  const anna = { email: 'Anna@Example.com', language: 'de', kinds: ['emergencyFault'] } as const;
  const li = { email: 'li@example.com', language: 'zh', kinds: ['emergencyFault', 'selfTestReport'] } as const;

  it('adds recipients pending and mails each an activation link in their language', async () => {
    const { owner, installer } = await networkTeam(t);
    expect((await call(t.app, 'recipientAll', { pid: owner.pid }, owner.session)).body.code).toBe(Code.emptyList);
    const reply = await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients: [anna, li] }, installer.session);
    expect(reply.body.code).toBe(Code.ok);
    const list = reply.body.data as Recipient[];
    expect(list.map((r) => [r.email, r.language, r.status])).toEqual([
      ['anna@example.com', 'de', 'pending'],
      ['li@example.com', 'zh', 'pending'],
    ]);
    const nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    expect(list[0]!.linkExpiresAt).toBeGreaterThanOrEqual(nowSeconds + 7 * 86_400 - 5);
    const mails = await t.db.select().from(outbox).where(eq(outbox.template, 'recipientActivation'));
    const toAnna = mails.find((m) => m.toAddress === 'anna@example.com')!;
    const toLi = mails.find((m) => m.toAddress === 'li@example.com')!;
    expect(toAnna.language).toBe(2);
    expect(toAnna.subject).toContain('Bestätigen');
    expect(toLi.textBody).toContain('应急照明故障');
    expect(await activeRecipients(t.db, owner.pid, 'emergencyFault')).toEqual([]);
  });

  it('activates by the link (again successful), then only active recipients of the kind get mail', async () => {
    const { owner, sub } = await networkTeam(t);
    await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients: [anna, li] }, owner.session);
    const link = await activationLink('li@example.com');
    for (let i = 0; i < 2; i += 1) {
      const opened = await call(t.app, 'recipientActivate', { link });
      expect(opened.body).toMatchObject({
        code: Code.ok,
        data: { state: 'successful', email: 'li@example.com', projectName: expect.any(String) },
      });
    }
    expect(await activeRecipients(t.db, owner.pid, 'emergencyFault')).toEqual([
      { email: 'li@example.com', language: 'zh' },
    ]);
    expect(await activeRecipients(t.db, owner.pid, 'selfTestReport')).toEqual([
      { email: 'li@example.com', language: 'zh' },
    ]);
    expect(await activeRecipients(t.db, owner.pid, 'energyReport')).toEqual([]);
    const list = (await call(t.app, 'recipientAll', { pid: owner.pid }, owner.session)).body.data as Recipient[];
    expect(list.find((r) => r.email === 'li@example.com')).toMatchObject({ status: 'active', linkExpiresAt: null });
    // A sub-user does not see other people's addresses.
    expect((await call(t.app, 'recipientAll', { pid: owner.pid }, sub.session)).body.code).toBe(Code.noPermission);
  });

  it('keeps the state of kept addresses, takes their new kinds, and removes the others', async () => {
    const { owner } = await networkTeam(t);
    await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients: [anna, li] }, owner.session);
    await call(t.app, 'recipientActivate', { link: await activationLink('li@example.com') });
    const mailsBefore = (await t.db.select().from(outbox).where(eq(outbox.toAddress, 'li@example.com'))).length;
    const changed = { ...li, language: 'es', kinds: ['energyReport'] } as const;
    const reply = await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients: [changed] }, owner.session);
    expect((reply.body.data as Recipient[]).map((r) => [r.email, r.language, r.kinds, r.status])).toEqual([
      ['li@example.com', 'es', ['energyReport'], 'active'],
    ]);
    expect((await t.db.select().from(outbox).where(eq(outbox.toAddress, 'li@example.com'))).length).toBe(mailsBefore);
    expect(await activeRecipients(t.db, owner.pid, 'energyReport')).toEqual([
      { email: 'li@example.com', language: 'es' },
    ]);
    expect(await activeRecipients(t.db, owner.pid, 'emergencyFault')).toEqual([]);
    const emptied = await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients: [] }, owner.session);
    expect(emptied.body).toMatchObject({ code: Code.ok, data: [] });
  });

  it('answers expired after 7 days, failed for an unknown or replaced link, and resends a new link', async () => {
    const { owner } = await networkTeam(t);
    await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients: [anna] }, owner.session);
    const old = await activationLink('anna@example.com');
    t.clock.advance(7 * 86_400 + 1);
    try {
      expect((await call(t.app, 'recipientActivate', { link: old })).body.data).toMatchObject({ state: 'expired' });
      const list = (await call(t.app, 'recipientAll', { pid: owner.pid }, owner.session)).body.data as Recipient[];
      expect(list[0]!.status).toBe('expired');
      const resent = await call(t.app, 'recipientResend', { pid: owner.pid, id: list[0]!.id }, owner.session);
      expect(resent.body.data).toMatchObject({ status: 'pending' });
      const fresh = await activationLink('anna@example.com');
      expect(fresh).not.toBe(old);
      expect((await call(t.app, 'recipientActivate', { link: old })).body.data).toEqual({
        state: 'failed',
        email: null,
        projectName: null,
      });
      expect((await call(t.app, 'recipientActivate', { link: fresh })).body.data).toMatchObject({
        state: 'successful',
      });
      const again = await call(t.app, 'recipientResend', { pid: owner.pid, id: list[0]!.id }, owner.session);
      expect(again.body.code).toBe(Code.linkInvalid);
    } finally {
      t.clock.advance(-(7 * 86_400 + 1));
    }
    expect((await call(t.app, 'recipientActivate', { link: 'x'.repeat(43) })).body.data).toMatchObject({
      state: 'failed',
    });
    expect((await call(t.app, 'recipientActivate', { link: 'short' })).body.code).toBe(Code.badInput);
  });

  it('refuses duplicates, bad kinds and languages, more than 20 (1001), and other roles (1013)', async () => {
    const { owner, sub, stranger } = await networkTeam(t);
    for (const recipients of [
      [anna, { ...anna, email: 'anna@example.com' }],
      [{ ...anna, kinds: [] }],
      [{ ...anna, kinds: ['emergencyFault', 'emergencyFault'] }],
      [{ ...anna, kinds: ['gossip'] }],
      [{ ...anna, language: 'fr' }],
      [{ ...anna, email: 'nobody' }],
      Array.from({ length: 21 }, (_, i) => ({ ...anna, email: `r${i}@example.com` })),
    ]) {
      const reply = await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients } as never, owner.session);
      expect(reply.body.code).toBe(Code.badInput);
    }
    for (const who of [sub, stranger]) {
      const reply = await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients: [anna] }, who.session);
      expect(reply.body.code).toBe(Code.noPermission);
    }
    expect(await t.db.select().from(projectRecipients).where(eq(projectRecipients.pid, owner.pid))).toEqual([]);
    // Someone else's recipient id through one's own project is not found.
    await call(t.app, 'recipientUpdate', { pid: owner.pid, recipients: [anna] }, owner.session);
    const [row] = await t.db.select().from(projectRecipients).where(eq(projectRecipients.pid, owner.pid));
    const resend = await call(t.app, 'recipientResend', { pid: stranger.pid, id: row!.id }, stranger.session);
    expect(resend.body.code).toBe(Code.noPermission);
  });

  it('answers 1052 and keeps no new address when the activation mail cannot be sent', async () => {
    const broken = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const { owner } = await networkTeam(broken);
      const reply = await call(broken.app, 'recipientUpdate', { pid: owner.pid, recipients: [anna] }, owner.session);
      expect(reply.body.code).toBe(Code.mailFailed);
      expect(await broken.db.select().from(projectRecipients)).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});
