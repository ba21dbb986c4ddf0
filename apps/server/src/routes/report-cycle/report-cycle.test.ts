import { createHash, createHmac } from 'node:crypto';
import {
  Code,
  type RecipientPreferences,
  type RecipientReception,
  type ReportCycleSettings,
  type ReportRunRecord,
  type ReportView,
} from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  memberWithProject,
  post,
  SIGNING_SECRET,
  type TestApp,
} from '../../../test/helpers.ts';
import { readMail } from '../../../test/support/mime.ts';
import {
  buildActiveRecipient,
  enableCycles,
  reportCycleSite,
  setClock,
} from '../../../test/support/report-cycle-site.ts';
import { startSmtpSink } from '../../../test/support/smtp-sink.ts';
import { auditEvents, projectRecipients, reportDeliveries, reportRunFiles, reportRuns } from '../../db/schema.ts';
import { activeRecipients } from '../../services/project-recipients.ts';
import { runReportCycles } from '../../services/report-cycles/engine.ts';
import { recipientLinkUrl } from '../../services/report-cycles/links.ts';

const sections = ['energy', 'cost', 'co2'] as const;
const weekly = { cycle: 'weekly', enabled: true, sendDay: 1, sections: [...sections] } as const;
const DAY = 86_400;

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let site: Awaited<ReturnType<typeof reportCycleSite>>;
let english: Awaited<ReturnType<typeof buildActiveRecipient>>;
let german: Awaited<ReturnType<typeof buildActiveRecipient>>;
/** The weekly report of week 12, sent to both recipients. */
let issued: typeof reportRuns.$inferSelect;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://console.example.com' });
  setClock(t, '2026-03-18T10:00:00Z');
  site = await reportCycleSite(t);
  english = await buildActiveRecipient(t, site.pid, 'api-en@example.com', 0);
  german = await buildActiveRecipient(t, site.pid, 'api-de@example.com', 2);
  await enableCycles(t, site, [weekly]);
  setClock(t, '2026-03-23T00:30:20Z');
  await runReportCycles(t.app.ctx);
  issued = (await t.db.select().from(reportRuns).where(eq(reportRuns.pid, site.pid)))[0]!;
}, 120_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** The newest mail to an address, read. */
function newestMail(email: string) {
  const mail = sink.mails.filter((item) => item.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return readMail(mail.raw);
}
/** A `link=` token of a page in a mail's text. */
function linkIn(text: string, page: '/report/projectPDF1' | '/email/register'): string {
  const token = new RegExp(`${page.replace(/\//g, '\\/')}\\?link=([A-Za-z0-9_.-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`no ${page} link`);
  return token;
}
/** The token with one character of its signature changed. */
const tamper = (token: string) => `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;

describeApi('report cycle settings (reportCycle/all, reportCycle/update)', () => {
  it('answers the four cycles to every member, editable by the creator and the installer only', async () => {
    for (const [who, canEdit] of [
      [site.owner, true],
      [site.installer, true],
      [site.sub, false],
    ] as const) {
      const reply = await call(t.app, 'reportCycleAll', { pid: site.pid }, who.session);
      expect(reply.body.code).toBe(Code.ok);
      const data = reply.body.data as ReportCycleSettings;
      expect(data.canEdit).toBe(canEdit);
      expect(data.cycles.map((cycle) => [cycle.cycle, cycle.enabled])).toEqual([
        ['weekly', true],
        ['monthly', false],
        ['quarterly', false],
        ['yearly', false],
      ]);
      expect(data.cycles[1]).toMatchObject({
        sendDay: 1,
        sections: ['energy', 'cost', 'co2'],
        enabledAt: null,
        next: null,
      });
    }
  });

  it('refuses a stranger and a missing project (1013), no session (1012) and bad input (1001)', async () => {
    for (const pid of [site.pid, 999_991]) {
      expect((await call(t.app, 'reportCycleAll', { pid }, site.stranger.session)).body.code).toBe(Code.noPermission);
      const update = await call(t.app, 'reportCycleUpdate', { pid, cycles: [weekly] }, site.stranger.session);
      expect(update.body.code).toBe(Code.noPermission);
    }
    expect((await call(t.app, 'reportCycleAll', { pid: site.pid })).body.code).toBe(Code.sessionInvalid);
    expect((await call(t.app, 'reportCycleAll', { pid: 'x' }, site.owner.session)).body.code).toBe(Code.badInput);
  });

  it('sets the cycles given (the others keep theirs), stamps a switch-on, audits, and tells the next send', async () => {
    const saved = t.clock.offsetMs;
    const { session, pid } = await memberWithProject(t);
    const network = await buildNetwork(t.db, pid, [{ uid: session.uid, userType: 2 }], { timeZone: 'Europe/Berlin' });
    setClock(t, '2026-04-15T10:00:00Z');
    const quarterly = { cycle: 'quarterly', enabled: true, sendDay: 2, sections: ['energy', 'emergency'] } as const;
    const reply = await call(t.app, 'reportCycleUpdate', { pid, cycles: [quarterly] }, session);
    expect(reply.body.code).toBe(Code.ok);
    const data = reply.body.data as ReportCycleSettings;
    expect(data.cycles[2]).toMatchObject({
      cycle: 'quarterly',
      enabled: true,
      sendDay: 2,
      sections: ['energy', 'emergency'],
      enabledAt: Date.parse('2026-04-15T10:00:00Z') / 1000,
      // Q2 goes on the quarter's second day, 2 July, at 00:20 in Berlin (CEST).
      next: { at: Date.parse('2026-07-01T22:20:00Z') / 1000, key: '2026-Q2' },
    });
    expect(data.cycles.filter((cycle) => cycle.enabled).map((cycle) => cycle.cycle)).toEqual(['quarterly']);
    // Off and on again: the switch-on time moves; off keeps it.
    setClock(t, '2026-05-01T10:00:00Z');
    await call(t.app, 'reportCycleUpdate', { pid, cycles: [{ ...quarterly, enabled: false }] }, session);
    setClock(t, '2026-05-02T10:00:00Z');
    const again = await call(t.app, 'reportCycleUpdate', { pid, cycles: [quarterly] }, session);
    expect((again.body.data as ReportCycleSettings).cycles[2]!.enabledAt).toBe(
      Date.parse('2026-05-02T10:00:00Z') / 1000,
    );
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.pid, pid), eq(auditEvents.action, 'project.reportCycles.update')));
    expect(events).toHaveLength(3);
    expect(network.id).toBeGreaterThan(0);
    // Back to March: the other tests' sessions stay within their idle time.
    t.clock.offsetMs = saved;
  });

  it('refuses a sub-user (1013), each cycle twice, a send day but 1 or 2, and no or unknown sections (1001)', async () => {
    const sub = await call(
      t.app,
      'reportCycleUpdate',
      { pid: site.pid, cycles: [{ ...weekly, enabled: false }] },
      site.sub.session,
    );
    expect(sub.body.code).toBe(Code.noPermission);
    for (const cycles of [
      [weekly, weekly],
      [{ ...weekly, sendDay: 3 }],
      [{ ...weekly, sections: [] }],
      [{ ...weekly, sections: ['energy', 'energy'] }],
      [{ ...weekly, sections: ['weather'] }],
      [{ ...weekly, cycle: 'daily' }],
      [],
    ]) {
      const reply = await call(t.app, 'reportCycleUpdate', { pid: site.pid, cycles }, site.owner.session);
      expect(reply.body.code, JSON.stringify(cycles)).toBe(Code.badInput);
    }
    const data = (await call(t.app, 'reportCycleAll', { pid: site.pid }, site.owner.session)).body
      .data as ReportCycleSettings;
    expect(data.cycles[0]).toMatchObject({ enabled: true, sendDay: 1 });
  });
});

describeApi('automatic report runs (reportRun/list, restate, resend)', () => {
  it('lists the runs with their deliveries, Message-IDs, figures and file hashes to editors only', async () => {
    const reply = await call(t.app, 'reportRunList', { pid: site.pid }, site.installer.session);
    expect(reply.body.code).toBe(Code.ok);
    const [run] = reply.body.data as ReportRunRecord[];
    const files = await t.db.select().from(reportRunFiles).where(eq(reportRunFiles.runId, issued.id));
    expect(run).toMatchObject({
      id: issued.id,
      kind: 'energy',
      cycle: 'weekly',
      periodKey: '2026-W12',
      version: 1,
      state: 'sent',
      late: false,
      sections: ['energy', 'cost', 'co2'],
      restated: false,
    });
    expect(run!.figures.map((figure) => figure.name)).toEqual(['networks', 'energyKWh', 'cost', 'co2Kg', 'savedCo2Kg']);
    expect(run!.files.map((file) => [file.language, file.format, file.sha256]).sort()).toEqual(
      files.map((file) => [file.language === 0 ? 'en' : 'de', file.format, file.sha256]).sort(),
    );
    expect(run!.deliveries.map((delivery) => [delivery.email, delivery.state, delivery.copy])).toEqual([
      [german.email, 'sent', 0],
      [english.email, 'sent', 0],
    ]);
    expect(run!.deliveries[1]!.messageId).toBe(newestMail(english.email).messageId);
    expect(run!.deliveries[1]!.serverAnswer).toMatch(/^250/);
    for (const who of [site.sub, site.stranger]) {
      expect((await call(t.app, 'reportRunList', { pid: site.pid }, who.session)).body.code).toBe(Code.noPermission);
    }
    const empty = await memberWithProject(t);
    const none = await call(t.app, 'reportRunList', { pid: empty.pid }, empty.session);
    expect(none.body).toMatchObject({ code: Code.emptyList, data: [] });
  });

  it('restates only an issued energy report of the project, for editors (1105 while due, 1013 otherwise)', async () => {
    const [due] = await t.db
      .insert(reportRuns)
      .values({
        pid: site.pid,
        kind: 'energy',
        cycle: 'yearly',
        periodKey: '2025',
        periodStart: new Date('2025-01-01T00:00:00Z'),
        periodEnd: new Date('2026-01-01T00:00:00Z'),
        sendAt: new Date('2026-01-01T00:20:00Z'),
        leaseUntil: new Date('2099-01-01T00:00:00Z'),
      })
      .returning();
    expect((await call(t.app, 'reportRunRestate', { pid: site.pid, id: due!.id }, site.owner.session)).body.code).toBe(
      Code.reportRunBusy,
    );
    expect((await call(t.app, 'reportRunRestate', { pid: site.pid, id: issued.id }, site.sub.session)).body.code).toBe(
      Code.noPermission,
    );
    const foreign = await memberWithProject(t);
    expect(
      (await call(t.app, 'reportRunRestate', { pid: foreign.pid, id: issued.id }, foreign.session)).body.code,
    ).toBe(Code.noPermission);
    await t.db.delete(reportRuns).where(eq(reportRuns.id, due!.id));
  });

  it('sends a copy of the exact message again as a new message, within the mail limits (1019), to editors only', async () => {
    const [delivery] = await t.db
      .select()
      .from(reportDeliveries)
      .where(and(eq(reportDeliveries.runId, issued.id), eq(reportDeliveries.email, german.email)));
    const first = newestMail(german.email);
    const reply = await call(
      t.app,
      'reportRunResend',
      { pid: site.pid, id: issued.id, deliveryId: delivery!.id },
      site.installer.session,
    );
    expect(reply.body.code).toBe(Code.ok);
    const copy = newestMail(german.email);
    expect(copy.messageId).not.toBe(first.messageId);
    expect(copy.subject).toBe(first.subject);
    const sha = (mail: typeof copy) => createHash('sha256').update(mail.attachments[0]!.content).digest('hex');
    expect(sha(copy)).toBe(sha(first));
    const run = reply.body.data as ReportRunRecord;
    expect(run.deliveries.filter((item) => item.email === german.email).map((item) => [item.copy, item.state])).toEqual(
      [
        [0, 'sent'],
        [1, 'sent'],
      ],
    );
    const again = await call(
      t.app,
      'reportRunResend',
      { pid: site.pid, id: issued.id, deliveryId: delivery!.id },
      site.installer.session,
    );
    expect(again.body.code).toBe(Code.tooManyAttempts);
    expect((again.body.data as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    const sub = await call(
      t.app,
      'reportRunResend',
      { pid: site.pid, id: issued.id, deliveryId: delivery!.id },
      site.sub.session,
    );
    expect(sub.body.code).toBe(Code.noPermission);
    const wrongRun = await call(
      t.app,
      'reportRunResend',
      { pid: site.pid, id: issued.id, deliveryId: 999_991 },
      site.owner.session,
    );
    expect(wrongRun.body.code).toBe(Code.noPermission);
  });

  it('answers 1052 when the mail server refuses the copy, and hands the allowance back', async () => {
    const broken = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port + 1}` });
    try {
      const editor = await memberWithProject(broken);
      const [run] = await broken.db
        .insert(reportRuns)
        .values({
          pid: editor.pid,
          kind: 'energy',
          cycle: 'weekly',
          periodKey: '2026-W12',
          periodStart: new Date('2026-03-16T00:00:00Z'),
          periodEnd: new Date('2026-03-23T00:00:00Z'),
          sendAt: new Date('2026-03-23T00:30:00Z'),
          state: 'sent',
          figures: {},
          deliveriesAt: new Date('2026-03-23T00:30:00Z'),
        })
        .returning();
      const [delivery] = await broken.db
        .insert(reportDeliveries)
        .values({
          runId: run!.id,
          email: 'copy@example.com',
          language: 0,
          formats: [],
          messageId: `<copy-${run!.id}@example.com>`,
          template: { name: 'emailChanged', email: 'copy@example.com' },
          headers: {},
          state: 'sent',
        })
        .returning();
      const payload = { pid: editor.pid, id: run!.id, deliveryId: delivery!.id };
      expect((await call(broken.app, 'reportRunResend', payload, editor.session)).body.code).toBe(Code.mailFailed);
      // Handed back: trying again is not held up by the 10-minute limit.
      expect((await call(broken.app, 'reportRunResend', payload, editor.session)).body.code).toBe(Code.mailFailed);
    } finally {
      await broken.close();
    }
  });
});

describeApi('recipients on the reception page (projectSettingEmail/reception, set, remove)', () => {
  it('lists every recipient with state, last mail sent and next one due, to editors only (1050 when none)', async () => {
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
