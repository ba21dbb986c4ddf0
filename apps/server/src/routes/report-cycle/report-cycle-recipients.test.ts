import { createHash, createHmac } from 'node:crypto';
import { Code, type RecipientPreferences, type RecipientReception, type ReportView } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, describeApi, memberWithProject, post, SIGNING_SECRET } from '../../../test/helpers.ts';
import { buildActiveRecipient, setClock } from '../../../test/support/report-cycle-site.ts';
import { auditEvents, projectRecipients, reportDeliveries, reportRunFiles } from '../../db/schema.ts';
import { activeRecipients } from '../../services/project-recipients.ts';
import { recipientLinkUrl } from '../../services/report-cycles/links.ts';
import { DAY, linkIn, tamper, useIssuedWeeklySite } from './test-site.ts';

const fixture = useIssuedWeeklySite();
const { newestMail } = fixture;

describeApi('recipients on the reception page (projectSettingEmail/reception, set, remove)', () => {
  it('lists every recipient with state, last mail sent and next one due, to editors only (1050 when none)', async () => {
    const { t, site, english } = fixture;
    setClock(t, '2026-03-24T10:00:00Z');
    const pending = await t.db
      .insert(projectRecipients)
      .values({
        pid: site.pid,
        email: 'api-pending@example.com',
        language: 3,
        kinds: ['energyReport'],
        tokenHash: 'api-pending',
        linkExpiresAt: new Date('2026-03-30T00:00:00Z'),
      })
      .returning();
    const reply = await call(t.app, 'recipientReception', { pid: site.pid }, site.owner.session);
    expect(reply.body.code).toBe(Code.ok);
    const list = reply.body.data as RecipientReception[];
    const byEmail = new Map(list.map((item) => [item.email, item]));
    const sentAt = (await t.db.select().from(reportDeliveries).where(eq(reportDeliveries.email, english.email)))[0]!
      .sentAt!;
    expect(byEmail.get(english.email)).toMatchObject({
      status: 'active',
      language: 'en',
      kinds: ['energyReport'],
      paused: false,
      csv: false,
      lastSentAt: Math.floor(sentAt.getTime() / 1000),
      lastKind: 'energy',
      // Week 13 goes on Monday 30 March at 00:30 BST.
      nextDue: { at: Date.parse('2026-03-29T23:30:00Z') / 1000, kind: 'energy', cycle: 'weekly', key: '2026-W13' },
    });
    expect(byEmail.get('api-pending@example.com')).toMatchObject({
      status: 'pending',
      lastSentAt: null,
      nextDue: null,
    });
    for (const who of [site.sub, site.stranger]) {
      expect((await call(t.app, 'recipientReception', { pid: site.pid }, who.session)).body.code).toBe(
        Code.noPermission,
      );
    }
    const empty = await memberWithProject(t);
    expect((await call(t.app, 'recipientReception', { pid: empty.pid }, empty.session)).body).toMatchObject({
      code: Code.emptyList,
      data: [],
    });
    await t.db.delete(projectRecipients).where(eq(projectRecipients.id, pending[0]!.id));
  });

  it('pauses and resumes a recipient (no mail of any kind meanwhile) and sets the CSV wish, audited', async () => {
    const { t, site } = fixture;
    const extra = await buildActiveRecipient(t, site.pid, 'api-pause@example.com', 1, [
      'energyReport',
      'emergencyFault',
    ]);
    const paused = await call(
      t.app,
      'recipientSet',
      { pid: site.pid, id: extra.id, paused: true },
      site.installer.session,
    );
    expect(paused.body.data).toMatchObject({ email: extra.email, paused: true, csv: false, nextDue: null });
    expect((await activeRecipients(t.db, site.pid, 'emergencyFault')).map((r) => r.email)).not.toContain(extra.email);
    const csv = await call(t.app, 'recipientSet', { pid: site.pid, id: extra.id, csv: true }, site.owner.session);
    expect(csv.body.data).toMatchObject({ paused: true, csv: true });
    const resumed = await call(
      t.app,
      'recipientSet',
      { pid: site.pid, id: extra.id, paused: false },
      site.owner.session,
    );
    expect(resumed.body.data).toMatchObject({ paused: false, csv: true });
    expect((await activeRecipients(t.db, site.pid, 'emergencyFault')).map((r) => r.email)).toContain(extra.email);
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.pid, site.pid), eq(auditEvents.action, 'project.recipients.preferences')));
    expect(events).toHaveLength(3);
    // Nothing to change, another project's recipient, a sub-user.
    expect((await call(t.app, 'recipientSet', { pid: site.pid, id: extra.id }, site.owner.session)).body.code).toBe(
      Code.badInput,
    );
    const foreign = await memberWithProject(t);
    expect(
      (await call(t.app, 'recipientSet', { pid: foreign.pid, id: extra.id, paused: true }, foreign.session)).body.code,
    ).toBe(Code.noPermission);
    expect(
      (await call(t.app, 'recipientSet', { pid: site.pid, id: extra.id, paused: true }, site.sub.session)).body.code,
    ).toBe(Code.noPermission);
    await t.db.delete(projectRecipients).where(eq(projectRecipients.id, extra.id));
  });

  it('removes one recipient, keeping its past deliveries; 1013 for another project’s and for a sub-user', async () => {
    const { t, site, issued } = fixture;
    const gone = await buildActiveRecipient(t, site.pid, 'api-gone@example.com', 0);
    const [past] = await t.db
      .insert(reportDeliveries)
      .values({
        runId: issued.id,
        recipientId: gone.id,
        email: gone.email,
        language: 0,
        formats: ['pdf'],
        messageId: `<gone-${gone.id}@example.com>`,
        template: {},
        headers: {},
        state: 'sent',
      })
      .returning();
    const foreign = await memberWithProject(t);
    expect((await call(t.app, 'recipientRemove', { pid: foreign.pid, id: gone.id }, foreign.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'recipientRemove', { pid: site.pid, id: gone.id }, site.sub.session)).body.code).toBe(
      Code.noPermission,
    );
    const reply = await call(t.app, 'recipientRemove', { pid: site.pid, id: gone.id }, site.owner.session);
    expect(reply.body).toMatchObject({ code: Code.ok, data: null });
    expect(await t.db.select().from(projectRecipients).where(eq(projectRecipients.id, gone.id))).toEqual([]);
    const [kept] = await t.db.select().from(reportDeliveries).where(eq(reportDeliveries.id, past!.id));
    expect(kept).toMatchObject({ email: gone.email, recipientId: null, state: 'sent' });
    await t.db.delete(reportDeliveries).where(eq(reportDeliveries.id, past!.id));
    expect((await call(t.app, 'recipientRemove', { pid: site.pid, id: gone.id }, site.owner.session)).body.code).toBe(
      Code.noPermission,
    );
  });
});

describeApi('public links of a report e-mail (report/cycle/view, /email/register)', () => {
  it('opens the issued report from its e-mail link in the recipient’s language, with the PDF’s SHA-256', async () => {
    const { t, german, issued } = fixture;
    const link = linkIn(newestMail(german.email).text, '/report/projectPDF1');
    const reply = await call(t.app, 'reportRunView', { link });
    expect(reply.body.code).toBe(Code.ok);
    const view = reply.body.data as ReportView;
    const [pdf] = await t.db
      .select()
      .from(reportRunFiles)
      .where(
        and(eq(reportRunFiles.runId, issued.id), eq(reportRunFiles.language, 2), eq(reportRunFiles.format, 'pdf')),
      );
    expect(view).toMatchObject({
      cycle: 'weekly',
      periodKey: '2026-W12',
      version: 1,
      language: 'de',
      sha256: pdf!.sha256,
    });
    expect(view.parts.length).toBeGreaterThan(0);
    expect(view.parts.flatMap((part) => part.blocks).some((block) => block.kind === 'table')).toBe(true);
  });

  it('refuses a tampered, a foreign-purpose, a client-key-signed and an expired link (1065)', async () => {
    const { t, english } = fixture;
    const mail = newestMail(english.email);
    const view = linkIn(mail.text, '/report/projectPDF1');
    const manage = linkIn(mail.text, '/email/register');
    expect((await call(t.app, 'reportRunView', { link: tamper(view) })).body.code).toBe(Code.linkInvalid);
    expect((await call(t.app, 'reportRunView', { link: manage })).body.code).toBe(Code.linkInvalid);
    expect((await call(t.app, 'recipientLinkInfo', { link: view })).body.code).toBe(Code.linkInvalid);
    expect((await call(t.app, 'recipientLinkInfo', { link: tamper(manage) })).body.code).toBe(Code.linkInvalid);
    const body = view.split('.')[0]!;
    const forged = `${body}.${createHmac('sha256', SIGNING_SECRET).update(body).digest('base64url')}`;
    expect((await call(t.app, 'reportRunView', { link: forged })).body.code).toBe(Code.linkInvalid);
    // The web version's link works 30 days, the recipient's own link 400.
    const now = t.clock.offsetMs;
    t.clock.advance(31 * DAY);
    expect((await call(t.app, 'reportRunView', { link: view })).body.code).toBe(Code.linkInvalid);
    expect((await call(t.app, 'recipientLinkInfo', { link: manage })).body.code).toBe(Code.ok);
    t.clock.advance(370 * DAY);
    expect((await call(t.app, 'recipientLinkInfo', { link: manage })).body.code).toBe(Code.linkInvalid);
    const oneClick = await post(t.app, `/email/register?link=${manage}`, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(oneClick).toMatchObject({ status: 403, body: { code: Code.linkInvalid } });
    t.clock.offsetMs = now;
  });

  it('lets a recipient without an account confirm, choose language, kinds and CSV, or leave, from the link', async () => {
    const { t, site } = fixture;
    const [row] = await t.db
      .insert(projectRecipients)
      .values({
        pid: site.pid,
        email: 'api-self@example.com',
        language: 0,
        kinds: ['energyReport'],
        tokenHash: 'api-self',
        linkExpiresAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    const exp = Math.floor(t.clock.now().getTime() / 1000) + DAY;
    const url = recipientLinkUrl(t.app.ctx, {
      pid: site.pid,
      rid: row!.id,
      email: row!.email,
      kind: 'energyReport',
      exp,
    });
    const link = new URL(url).searchParams.get('link')!;
    const info = await call(t.app, 'recipientLinkInfo', { link });
    expect(info.body.data).toMatchObject({
      email: row!.email,
      projectName: expect.any(String),
      language: 'en',
      kinds: ['energyReport'],
      csv: false,
      linkKind: 'energyReport',
      state: 'active',
    });
    const saved = await call(t.app, 'recipientLinkSave', {
      link,
      language: 'zh',
      kinds: ['energyReport', 'selfTestReport'],
      csv: true,
    });
    expect(saved.body.data).toMatchObject({ language: 'zh', kinds: ['energyReport', 'selfTestReport'], csv: true });
    const [stored] = await t.db.select().from(projectRecipients).where(eq(projectRecipients.id, row!.id));
    // Saving from the link confirms the address, although the activation link had run out.
    expect(stored!.activatedAt).toBeInstanceOf(Date);
    expect(stored!.language).toBe(1);
    expect((await call(t.app, 'recipientLinkSave', { link, language: 'fr', kinds: [], csv: false })).body.code).toBe(
      Code.badInput,
    );
    // Unsubscribe from the link's kind, then from everything.
    const one = await call(t.app, 'recipientLinkUnsubscribe', { link });
    expect(one.body.data).toMatchObject({ kinds: ['selfTestReport'], state: 'active' });
    const all = await call(t.app, 'recipientLinkUnsubscribe', { link, all: true });
    expect(all.body.data).toMatchObject({ kinds: [], state: 'removed' });
    expect(await t.db.select().from(projectRecipients).where(eq(projectRecipients.id, row!.id))).toEqual([]);
    expect(((await call(t.app, 'recipientLinkInfo', { link })).body.data as RecipientPreferences).state).toBe(
      'removed',
    );
  });

  it('unsubscribes in one click: a POST to the List-Unsubscribe address, without a session', async () => {
    const { t, site } = fixture;
    const one = await buildActiveRecipient(t, site.pid, 'api-oneclick@example.com', 0, [
      'energyReport',
      'emergencyFault',
    ]);
    const exp = Math.floor(t.clock.now().getTime() / 1000) + DAY;
    const url = recipientLinkUrl(t.app.ctx, {
      pid: site.pid,
      rid: one.id,
      email: one.email,
      kind: 'energyReport',
      exp,
    });
    const path = url.replace('https://console.example.com', '');
    const reply = await post(t.app, path, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { code: Code.ok, data: { state: 'active', kinds: ['emergencyFault'] } },
    });
    const [stored] = await t.db.select().from(projectRecipients).where(eq(projectRecipients.id, one.id));
    expect(stored!.kinds).toEqual(['emergencyFault']);
    // A mail program that sends the form as multipart is answered alike.
    const boundary = 'lw-test-boundary';
    const multipart = await post(
      t.app,
      path,
      `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expect(multipart).toMatchObject({ status: 200, body: { code: Code.ok } });
    expect(
      (
        await post(t.app, `${path.slice(0, -3)}xyz`, 'List-Unsubscribe=One-Click', {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await post(t.app, '/email/register', 'List-Unsubscribe=One-Click', {
          'content-type': 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(400);
  });
});

describeApi('files of automatic reports through signed download links', () => {
  it('hands the exact file to editors; a sub-user and a stranger get 1013', async () => {
    const { t, site, issued } = fixture;
    const [file] = await t.db.select().from(reportRunFiles).where(eq(reportRunFiles.runId, issued.id)).limit(1);
    for (const who of [site.sub, site.stranger]) {
      expect((await call(t.app, 'fileDownloadUrl', { fileName: file!.fileName }, who.session)).body.code).toBe(
        Code.noPermission,
      );
    }
    const reply = await call(t.app, 'fileDownloadUrl', { fileName: file!.fileName }, site.installer.session);
    const { url } = reply.body.data as { url: string };
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(file!.sha256);
    const tampered = await t.app.inject({
      method: 'GET',
      url: url.replace(/sig=([^&]+)/, (_all, sig: string) => `sig=${tamper(sig)}`),
    });
    expect(tampered.statusCode).toBe(403);
  });
});
