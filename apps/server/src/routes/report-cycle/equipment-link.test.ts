import { createHmac } from 'node:crypto';
import { Code, type IssuedEquipment, type ReportView } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, post, SIGNING_SECRET, type TestApp } from '../../../test/helpers.ts';
import { readMail } from '../../../test/support/mime.ts';
import {
  buildActiveRecipient,
  enableCycles,
  reportCycleSite,
  setClock,
} from '../../../test/support/report-cycle-site.ts';
import { startSmtpSink } from '../../../test/support/smtp-sink.ts';
import { networks, projects, reportRuns } from '../../db/schema.ts';
import { runReportCycles } from '../../services/report-cycles/engine.ts';
import { equipmentViewToken } from '../../services/report-cycles/links.ts';

const DAY = 86_400;

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
/** A project whose weekly report holds the equipment section, and one whose report does not. */
let site: Awaited<ReturnType<typeof reportCycleSite>>;
let plain: Awaited<ReturnType<typeof reportCycleSite>>;
let recipient: Awaited<ReturnType<typeof buildActiveRecipient>>;
let plainRecipient: Awaited<ReturnType<typeof buildActiveRecipient>>;
let issued: typeof reportRuns.$inferSelect;
let plainRun: typeof reportRuns.$inferSelect;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://console.example.com' });
  setClock(t, '2026-03-18T10:00:00Z');
  site = await reportCycleSite(t);
  plain = await reportCycleSite(t);
  recipient = await buildActiveRecipient(t, site.pid, 'equipment-en@example.com', 0);
  plainRecipient = await buildActiveRecipient(t, plain.pid, 'plain-en@example.com', 0);
  await enableCycles(t, site, [{ cycle: 'weekly', enabled: true, sendDay: 1, sections: ['energy', 'equipment'] }]);
  await enableCycles(t, plain, [{ cycle: 'weekly', enabled: true, sendDay: 1, sections: ['energy'] }]);
  setClock(t, '2026-03-23T00:30:20Z');
  await runReportCycles(t.app.ctx);
  issued = (await t.db.select().from(reportRuns).where(eq(reportRuns.pid, site.pid)))[0]!;
  plainRun = (await t.db.select().from(reportRuns).where(eq(reportRuns.pid, plain.pid)))[0]!;
}, 120_000);
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** The text of the newest mail to an address. */
function newestMailText(email: string): string {
  const mail = sink.mails.filter((item) => item.to.includes(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  return readMail(mail.raw).text;
}
/** The `link=` token of a page in a mail's text, or null. */
function linkIn(text: string, page: string): string | null {
  return new RegExp(`${page.replace(/\//g, '\\/')}\\?link=([A-Za-z0-9_.-]+)`).exec(text)?.[1] ?? null;
}
const tamper = (token: string) => `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
const equipmentOf = async (link: string) => call(t.app, 'reportRunEquipment', { link });

describeApi('equipment statistics issued with a report (report/cycle/equipment)', () => {
  it('opens, without a session, the equipment figures stored with the run from the e-mail and the web version', async () => {
    const text = newestMailText(recipient.email);
    const link = linkIn(text, '/report/networkEquipDataPDF');
    expect(link).not.toBeNull();
    // The mail's other links are as they were.
    expect(linkIn(text, '/report/projectPDF1')).not.toBeNull();
    expect(linkIn(text, '/email/register')).not.toBeNull();
    const reply = await equipmentOf(link!);
    expect(reply.body.code).toBe(Code.ok);
    const data = reply.body.data as IssuedEquipment;
    const figures = issued.figures as { equipment: unknown; generatedAt: number };
    expect(data.total).toEqual(figures.equipment);
    expect(data.total.devices).toBeGreaterThan(0);
    expect(data).toMatchObject({
      project: { pid: site.pid, name: expect.any(String) },
      generatedAt: figures.generatedAt,
      networks: [{ nid: site.network.id, name: site.network.name, timeZone: 'Europe/London' }],
      issued: { cycle: 'weekly', periodKey: '2026-W12', version: 1 },
    });
    expect(Object.keys(data).sort()).toEqual(['generatedAt', 'issued', 'networks', 'project', 'total']);
    // The web version carries a link of its own to the same figures.
    const view = (await call(t.app, 'reportRunView', { link: linkIn(text, '/report/projectPDF1')! })).body
      .data as ReportView;
    expect(view.equipmentLink).not.toBeNull();
    expect((await equipmentOf(view.equipmentLink!)).body.data).toEqual(data);
    // Issued figures are never computed again: renaming the project and the network changes nothing.
    await t.db.update(networks).set({ name: 'Renamed network' }).where(eq(networks.id, site.network.id));
    await t.db.update(projects).set({ name: 'Renamed project' }).where(eq(projects.id, site.pid));
    expect((await equipmentOf(link!)).body.data).toEqual(data);
  });

  it('is not in the mail or the web version of a report without the equipment section', async () => {
    const text = newestMailText(plainRecipient.email);
    expect(linkIn(text, '/report/networkEquipDataPDF')).toBeNull();
    const view = (await call(t.app, 'reportRunView', { link: linkIn(text, '/report/projectPDF1')! })).body
      .data as ReportView;
    expect(view.equipmentLink).toBeNull();
  });

  it('refuses a tampered, a client-key-signed and an expired link (1065), with no data', async () => {
    const link = linkIn(newestMailText(recipient.email), '/report/networkEquipDataPDF')!;
    const body = link.split('.')[0]!;
    const forged = `${body}.${createHmac('sha256', SIGNING_SECRET).update(body).digest('base64url')}`;
    for (const bad of [tamper(link), forged]) {
      const reply = await equipmentOf(bad);
      expect(reply.body).toMatchObject({ code: Code.linkInvalid, data: null });
    }
    const now = t.clock.offsetMs;
    t.clock.advance(29 * DAY);
    expect((await equipmentOf(link)).body.code).toBe(Code.ok);
    t.clock.advance(2 * DAY);
    expect((await equipmentOf(link)).body).toMatchObject({ code: Code.linkInvalid, data: null });
    t.clock.offsetMs = now;
  });

  it('refuses a link naming another project’s run, a run without equipment, or no run (1065)', async () => {
    const exp = Math.floor(t.clock.now().getTime() / 1000) + DAY;
    const links = [
      equipmentViewToken(t.app.ctx, { run: issued.id, pid: plain.pid, exp }),
      equipmentViewToken(t.app.ctx, { run: plainRun.id, pid: plain.pid, exp }),
      equipmentViewToken(t.app.ctx, { run: 999_999, pid: site.pid, exp }),
    ];
    for (const link of links) {
      const reply = await equipmentOf(link);
      expect(reply.body, link).toMatchObject({ code: Code.linkInvalid, data: null });
      expect(JSON.stringify(reply.body)).not.toContain(site.network.name);
    }
    expect((await equipmentOf(equipmentViewToken(t.app.ctx, { run: issued.id, pid: site.pid, exp }))).body.code).toBe(
      Code.ok,
    );
  });

  it('opens nothing else: not the web version, a recipient’s page, unsubscribe or a signed-in call', async () => {
    const text = newestMailText(recipient.email);
    const link = linkIn(text, '/report/networkEquipDataPDF')!;
    for (const name of ['reportRunView', 'recipientLinkInfo', 'recipientLinkUnsubscribe'] as const) {
      expect((await call(t.app, name, { link })).body.code, name).toBe(Code.linkInvalid);
    }
    const oneClick = await post(t.app, `/email/register?link=${link}`, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(oneClick).toMatchObject({ status: 403, body: { code: Code.linkInvalid } });
    // The recipient is still there: the refused unsubscribe changed nothing.
    expect(
      (await call(t.app, 'recipientLinkInfo', { link: linkIn(text, '/email/register')! })).body.data,
    ).toMatchObject({ state: 'active' });
    // The report's and the recipient's own links open no equipment statistics.
    for (const other of [linkIn(text, '/report/projectPDF1')!, linkIn(text, '/email/register')!]) {
      expect((await equipmentOf(other)).body.code).toBe(Code.linkInvalid);
    }
    // The link is no session: the signed-in statistics still want one.
    expect((await call(t.app, 'equipmentStatistic', { pid: site.pid, link })).body.code).toBe(Code.sessionInvalid);
  });
});
