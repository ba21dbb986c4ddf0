import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Code, type ReportRunRecord } from '@lightwell/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, type TestApp } from '../../../test/helpers.ts';
import { readMail } from '../../../test/support/mime.ts';
import {
  buildActiveRecipient,
  enableCycles,
  reportCycleSite,
  setClock,
} from '../../../test/support/report-cycle-site.ts';
import { startSmtpSink } from '../../../test/support/smtp-sink.ts';
import type { AppContext } from '../../context.ts';
import { reportDeliveries, reportRunFiles, reportRuns, tariffVersions } from '../../db/schema.ts';
import { runOnce } from '../../jobs/run-once.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { buildFault, buildFittings, buildRecord, buildZone } from '../../routes/emergency/test-fittings.ts';
import { sweepEmergencyFaults } from '../emergency/fault-mail.ts';
import { runReportCycles } from './engine.ts';
import { REPORT_CYCLES_JOB } from './plan-runs.ts';
import { CYCLE_WORKER } from './workers.ts';

const HOUR = 3600;
const weekly = { cycle: 'weekly', enabled: true, sendDay: 1, sections: ['energy', 'cost', 'co2'] } as const;
const monthly = { cycle: 'monthly', enabled: true, sendDay: 1, sections: ['energy', 'cost', 'co2'] } as const;

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());
beforeEach(async () => {
  t = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://console.example.com' });
});
afterEach(() => t.close());

/** One scheduled pass, as the minutely job runs it: once per minute slot, across processes. */
async function pass(ctx: AppContext = t.app.ctx) {
  await runOnce(t.db, REPORT_CYCLES_JOB, ctx.now().toISOString().slice(0, 16), () => runReportCycles(ctx));
}

/** The mails the sink received for an address, read, in the order they came. */
const mailsTo = (email: string) =>
  sink.mails.filter((mail) => mail.to.includes(email)).map((mail) => readMail(mail.raw));

/** Ends every lease as if its time had passed on the database's clock (leases are real time there). */
async function lapseLeases() {
  const past = sql`now() - interval '1 second'`;
  await t.db.update(reportDeliveries).set({ leaseUntil: past }).where(isNotNull(reportDeliveries.leaseUntil));
  await t.db.update(reportRuns).set({ leaseUntil: past }).where(isNotNull(reportRuns.leaseUntil));
}

async function runsOf(pid: number) {
  return t.db.select().from(reportRuns).where(eq(reportRuns.pid, pid)).orderBy(asc(reportRuns.id));
}

describeApi('report cycles: every period mailed once per recipient', { timeout: 120_000 }, () => {
  it('mails a weekly and a monthly report once per recipient and period in their language, across the London DST change', async () => {
    setClock(t, '2026-03-18T10:00:00Z');
    const site = await reportCycleSite(t);
    const en = await buildActiveRecipient(t, site.pid, `en-${site.pid}@example.com`, 0);
    const de = await buildActiveRecipient(t, site.pid, `de-${site.pid}@example.com`, 2);
    await enableCycles(t, site, [weekly, monthly]);

    // Week 12 (16-22 March, GMT) goes on Monday 23 March at 00:30 GMT; a pass a minute early sends nothing.
    setClock(t, '2026-03-23T00:29:10Z');
    await pass();
    expect(await runsOf(site.pid)).toEqual([]);
    setClock(t, '2026-03-23T00:30:20Z');
    await pass();
    await runReportCycles(t.app.ctx);
    // Week 13 (23-29 March) holds the change to BST: 167 hours; it goes Monday 30 March 00:30 BST.
    setClock(t, '2026-03-29T23:30:20Z');
    await pass();
    await pass();
    // March goes on 1 April at 00:00 BST (31 March 23:00 UTC), after 743 hours.
    setClock(t, '2026-03-31T23:00:20Z');
    await pass();
    setClock(t, '2026-03-31T23:05:00Z');
    await pass();

    const runs = await runsOf(site.pid);
    expect(runs.map((run) => [run.cycle, run.periodKey, run.state, run.late])).toEqual([
      ['weekly', '2026-W12', 'sent', false],
      ['weekly', '2026-W13', 'sent', false],
      ['monthly', '2026-03', 'sent', false],
    ]);
    const [w12, w13, march] = runs;
    expect((w13!.periodEnd.getTime() - w13!.periodStart.getTime()) / 1000).toBe(167 * HOUR);
    expect(w13!.sendAt.toISOString()).toBe('2026-03-29T23:30:00.000Z');
    expect((march!.periodEnd.getTime() - march!.periodStart.getTime()) / 1000).toBe(743 * HOUR);
    expect(march!.sendAt.toISOString()).toBe('2026-03-31T23:00:00.000Z');
    expect(w12!.periodStart.toISOString()).toBe('2026-03-16T00:00:00.000Z');

    for (const [recipient, subject, body] of [
      [en, 'Energy report (weekly)', 'The weekly report of the project'],
      [de, 'Energiebericht (wöchentliche)', 'Der wöchentliche Bericht des Projekts'],
    ] as const) {
      const mails = mailsTo(recipient.email);
      expect(mails.map((mail) => mail.subject.split(':')[0])).toEqual([
        `${subject}, 2026-W12, 2026-03-16 – 2026-03-22`,
        `${subject}, 2026-W13, 2026-03-23 – 2026-03-29`,
        expect.stringContaining('2026-03, 2026-03-01 – 2026-03-31'),
      ]);
      expect(mails[0]!.text).toContain(body);
      const deliveries = await t.db
        .select()
        .from(reportDeliveries)
        .where(eq(reportDeliveries.email, recipient.email))
        .orderBy(asc(reportDeliveries.id));
      expect(deliveries.map((delivery) => delivery.state)).toEqual(['sent', 'sent', 'sent']);
      expect(mails.map((mail) => mail.messageId)).toEqual(deliveries.map((delivery) => delivery.messageId));
      for (const mail of mails) {
        const [pdf] = mail.attachments;
        expect(pdf).toMatchObject({ contentType: 'application/pdf' });
        expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
        expect(mail.header('list-unsubscribe')).toMatch(/^<https:\/\/console\.example\.com\/email\/register\?link=/);
        expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
        expect(mail.text).toMatch(/https:\/\/console\.example\.com\/report\/projectPDF1\?link=/);
      }
      // The attached PDF is the stored file, byte for byte.
      const [file] = await t.db
        .select()
        .from(reportRunFiles)
        .where(and(eq(reportRunFiles.runId, w12!.id), eq(reportRunFiles.language, recipient.language)));
      expect(createHash('sha256').update(mails[0]!.attachments[0]!.content).digest('hex')).toBe(file!.sha256);
    }
  });
});

describeApi('report cycles: catch-up, issued reports, restatements, the self-test report', { timeout: 120_000 }, () => {
  it('catches up after downtime: the missed weeks oldest first, each marked late and saying why', async () => {
    setClock(t, '2026-03-18T10:00:00Z');
    const site = await reportCycleSite(t);
    const en = await buildActiveRecipient(t, site.pid, `late-en-${site.pid}@example.com`, 0);
    const es = await buildActiveRecipient(t, site.pid, `late-es-${site.pid}@example.com`, 3);
    await enableCycles(t, site, [weekly]);
    setClock(t, '2026-03-23T00:30:20Z');
    await pass();
    // The console stops after that pass and starts again on Tuesday 14 April at 09:00 BST.
    setClock(t, '2026-04-14T08:00:20Z');
    await pass();

    const runs = await runsOf(site.pid);
    expect(runs.map((run) => [run.periodKey, run.state, run.late, run.lateReason])).toEqual([
      ['2026-W12', 'sent', false, null],
      ['2026-W13', 'sent', true, 'downtime'],
      ['2026-W14', 'sent', true, 'downtime'],
      ['2026-W15', 'sent', true, 'downtime'],
    ]);
    expect(runs[1]!.lateSince?.toISOString()).toBe('2026-03-23T00:30:00.000Z');
    const mails = mailsTo(en.email);
    expect(mails.map((mail) => /2026-W\d\d/.exec(mail.subject)?.[0])).toEqual([
      '2026-W12',
      '2026-W13',
      '2026-W14',
      '2026-W15',
    ]);
    expect(mails[0]!.subject).toMatch(/^Energy report/);
    expect(mails[0]!.text).not.toContain('late');
    for (const mail of mails.slice(1)) {
      expect(mail.subject).toMatch(/^Late: Energy report/);
      expect(mail.text).toMatch(
        /This report is late: it was due at \d\d\/\d\d\/2026 00:30 BST, but the console was not running from 03\/23\/2026 00:30 GMT until 04\/14\/2026 09:00 BST\./,
      );
    }
    const spanish = mailsTo(es.email);
    expect(spanish).toHaveLength(4);
    expect(spanish[3]!.subject).toMatch(/^Con retraso: Informe de energía \(semanal\)/);
    expect(spanish[3]!.text).toContain('Este informe llega tarde: debía enviarse el 13/04/2026 00:30');
  });

  it('never recomputes an issued report: a tariff changed later alters nothing; a restatement asked for is a new version', async () => {
    setClock(t, '2026-03-18T10:00:00Z');
    const site = await reportCycleSite(t);
    const recipient = await buildActiveRecipient(t, site.pid, `tariff-${site.pid}@example.com`, 0);
    await enableCycles(t, site, [monthly]);
    setClock(t, '2026-03-31T23:00:20Z');
    await pass();
    const [issued] = await runsOf(site.pid);
    const [file] = await t.db.select().from(reportRunFiles).where(eq(reportRunFiles.runId, issued!.id));
    const cost = (run: { summary: unknown }) =>
      (run.summary as { name: string; value: number }[]).find((figure) => figure.name === 'cost')!.value;
    // 74.2 kWh at 30.00 GBP.
    expect(cost(issued!)).toBe(2226);

    // A price correction, backdated into March, a day later.
    await t.db
      .insert(tariffVersions)
      .values({ nid: site.network.id, validFrom: '2026-03-15', pricePerKWh: 6000, currency: 'GBP' });
    setClock(t, '2026-04-01T23:10:00Z');
    await pass();
    const [after] = await runsOf(site.pid);
    expect(after).toMatchObject({ id: issued!.id, state: 'sent', figures: issued!.figures, summary: issued!.summary });
    expect(after!.issuedAt).toEqual(issued!.issuedAt);
    const [fileAfter] = await t.db.select().from(reportRunFiles).where(eq(reportRunFiles.runId, issued!.id));
    expect(fileAfter!.sha256).toBe(file!.sha256);
    expect(Buffer.from(fileAfter!.data).equals(Buffer.from(file!.data))).toBe(true);
    // The exact file, through a signed download link.
    const linkReply = await call(t.app, 'fileDownloadUrl', { fileName: file!.fileName }, site.owner.session);
    expect(linkReply.body.code).toBe(0);
    const download = await t.app.inject({ method: 'GET', url: (linkReply.body.data as { url: string }).url });
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(file!.sha256);

    // An editor asks for a restatement: version 2 with today's tariffs, mailed as such; version 1 stays.
    const restated = await call(t.app, 'reportRunRestate', { pid: site.pid, id: issued!.id }, site.installer.session);
    expect(restated.body.code).toBe(0);
    expect(restated.body.data).toMatchObject({ version: 2, restates: issued!.id, state: 'due', periodKey: '2026-03' });
    setClock(t, '2026-04-01T23:11:00Z');
    await pass();
    const [first, second] = await runsOf(site.pid);
    expect(first).toMatchObject({ figures: issued!.figures, summary: issued!.summary, state: 'sent' });
    expect(second).toMatchObject({ version: 2, state: 'sent', late: false });
    expect(cost(second!)).toBeGreaterThan(cost(issued!));
    const mails = mailsTo(recipient.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^Restated: Energy report \(monthly\), 2026-03/);
    expect(mails[1]!.text).toMatch(
      /This is version 2, restated on request: it replaces the report sent on 04\/01\/2026 00:00 BST/,
    );
    expect(mails[1]!.messageId).not.toBe(mails[0]!.messageId);
    // The first version can no longer be restated: version 2 is the newest.
    const again = await call(t.app, 'reportRunRestate', { pid: site.pid, id: issued!.id }, site.owner.session);
    expect(again.body.code).toBe(Code.reportRunBusy);
    const list = await call(t.app, 'reportRunList', { pid: site.pid }, site.owner.session);
    const listed = list.body.data as ReportRunRecord[];
    expect(listed.find((run) => run.id === issued!.id)).toMatchObject({
      restated: true,
      files: [{ sha256: file!.sha256 }],
    });
  });

  it('sends an intent a killed process left again with the same Message-ID, never as a second message', async () => {
    setClock(t, '2026-03-18T10:00:00Z');
    const site = await reportCycleSite(t);
    // a: handed to SMTP, then the process died before recording the answer; b: recorded, never tried.
    const a = await buildActiveRecipient(t, site.pid, `a-killed-${site.pid}@example.com`, 0);
    const b = await buildActiveRecipient(t, site.pid, `b-killed-${site.pid}@example.com`, 1);
    await enableCycles(t, site, [weekly]);
    setClock(t, '2026-03-23T00:30:20Z');
    const real = t.app.ctx.mailer;
    let hang!: () => void;
    const hung = new Promise<void>((resolve) => {
      hang = resolve;
    });
    const dying: Mailer = {
      close() {},
      async send(to, template, language, envelope) {
        await real.send(to, template, language, envelope);
        hang();
        return new Promise(() => undefined);
      },
    };
    void runReportCycles({ ...t.app.ctx, mailer: dying }, { worker: 'killed-process' });
    await hung;
    expect(mailsTo(a.email)).toHaveLength(1);
    expect(mailsTo(b.email)).toHaveLength(0);
    const intents = await t.db.select().from(reportDeliveries).orderBy(asc(reportDeliveries.email));
    expect(intents.map((row) => [row.email, row.state, row.claimedBy])).toEqual([
      [a.email, 'intent', 'killed-process'],
      [b.email, 'intent', null],
    ]);

    // The console starts again: b's intent goes at once; a's waits for its lease, then goes again as itself.
    setClock(t, '2026-03-23T00:32:20Z');
    await pass();
    expect(mailsTo(b.email).map((mail) => mail.messageId)).toEqual([intents[1]!.messageId]);
    expect(mailsTo(a.email)).toHaveLength(1);
    // The lease is real time on the database's clock: the console's clock a day on does not end it.
    setClock(t, '2026-03-24T00:32:20Z');
    await pass();
    expect(mailsTo(a.email)).toHaveLength(1);
    await lapseLeases();
    setClock(t, '2026-03-24T00:33:20Z');
    await pass();
    const toA = mailsTo(a.email);
    expect(toA).toHaveLength(2);
    expect(new Set(toA.map((mail) => mail.messageId))).toEqual(new Set([intents[0]!.messageId]));
    expect(toA[1]!.subject).toBe(toA[0]!.subject);
    const settled = await t.db.select().from(reportDeliveries).orderBy(asc(reportDeliveries.email));
    expect(settled.map((row) => [row.state, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
    ]);
    expect((await runsOf(site.pid)).map((run) => run.state)).toEqual(['sent']);
  });

  it('takes over at once what a process of this machine that ended held, and waits for a running or distant holder', async () => {
    setClock(t, '2026-03-18T10:00:00Z');
    const site = await reportCycleSite(t);
    const a = await buildActiveRecipient(t, site.pid, `a-ended-${site.pid}@example.com`, 0);
    const b = await buildActiveRecipient(t, site.pid, `b-ended-${site.pid}@example.com`, 1);
    await enableCycles(t, site, [weekly]);
    setClock(t, '2026-03-23T00:30:20Z');
    // A process of this machine that has ended (its id no longer runs) held the run and a's intent, killed
    // before SMTP: nothing reached the mail server.
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.once('exit', resolve));
    const [host, namespace] = CYCLE_WORKER.split(':');
    const ended = `${host}:${namespace}:${child.pid}:dead01`;
    let handed!: () => void;
    const handedOver = new Promise<void>((resolve) => {
      handed = resolve;
    });
    const killedBeforeSmtp: Mailer = {
      close() {},
      send() {
        handed();
        return new Promise(() => undefined);
      },
    };
    void runReportCycles({ ...t.app.ctx, mailer: killedBeforeSmtp }, { worker: ended });
    await handedOver;
    const held = async () =>
      (await t.db.select().from(reportDeliveries).orderBy(asc(reportDeliveries.email))).map((row) => [
        row.email,
        row.state,
        row.claimedBy,
      ]);
    expect(await held()).toEqual([
      [a.email, 'intent', ended],
      [b.email, 'intent', null],
    ]);
    // Another machine's claim, or one of this machine's running processes, waits for its lease.
    for (const holder of ['elsewhere:1:12345:abcdef', `${host}:${namespace}:${process.pid}:other1`]) {
      await t.db.update(reportDeliveries).set({ claimedBy: holder }).where(eq(reportDeliveries.email, a.email));
      await runReportCycles(t.app.ctx);
      expect(mailsTo(a.email)).toHaveLength(0);
    }
    await t.db.update(reportDeliveries).set({ claimedBy: ended }).where(eq(reportDeliveries.email, a.email));
    await runReportCycles(t.app.ctx);
    const [intent] = await t.db.select().from(reportDeliveries).where(eq(reportDeliveries.email, a.email));
    expect(mailsTo(a.email).map((mail) => mail.messageId)).toEqual([intent!.messageId]);
    expect(mailsTo(b.email)).toHaveLength(1);
    expect(intent).toMatchObject({ state: 'sent', attempts: 2 });
    expect((await runsOf(site.pid)).map((run) => run.state)).toEqual(['sent']);
  });

  it('mails the self-test report of each network with fittings at the monthly time, recorded once', async () => {
    setClock(t, '2026-05-20T10:00:00Z');
    const site = await reportCycleSite(t);
    const zone = await buildZone(t.db, site.network.id, 'Stairs');
    const fittings = await buildFittings(t.db, site.network.id, zone.id, 1);
    await buildRecord(t.db, site.network.id, {
      deviceId: fittings[0]!.id,
      grade: 'passed',
      endedAt: new Date('2026-05-03T10:00:00Z'),
    });
    const recipient = await buildActiveRecipient(
      t,
      site.pid,
      `self-${site.pid}@example.com`,
      2,
      ['selfTestReport'],
      t.clock.now(),
    );
    // The monthly cycle's day: the 2nd (its energy report stays off).
    await enableCycles(t, site, [{ ...monthly, enabled: false, sendDay: 2 }]);
    setClock(t, '2026-06-01T22:59:20Z');
    await pass();
    expect(await runsOf(site.pid)).toEqual([]);
    setClock(t, '2026-06-01T23:00:20Z');
    await pass();
    setClock(t, '2026-06-02T08:00:00Z');
    await pass();
    const runs = await runsOf(site.pid);
    expect(runs.map((run) => [run.kind, run.nid, run.periodKey, run.state, run.late])).toEqual([
      ['selfTest', site.network.id, '2026-05', 'sent', false],
    ]);
    expect(runs[0]!.sendAt.toISOString()).toBe('2026-06-01T23:00:00.000Z');
    const mails = mailsTo(recipient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('2026-05');
    expect(mails[0]!.text).toContain('1 Tests, 0 nicht bestanden');
    expect(mails[0]!.text).toContain('/not/token/emailReport/selfTestAndFault?link=');
    expect(mails[0]!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });
});

describeApi('report cycles: fault mails and recipients in the same record', { timeout: 120_000 }, () => {
  it('records each real-time fault mail as a delivery of the fault’s run, with its Message-ID and the server’s answer', async () => {
    setClock(t, '2026-05-02T08:00:00Z');
    const site = await reportCycleSite(t);
    const zone = await buildZone(t.db, site.network.id, 'Stairs');
    const fittings = await buildFittings(t.db, site.network.id, zone.id, 1);
    const recipient = await buildActiveRecipient(t, site.pid, `fault-${site.pid}@example.com`, 0, ['emergencyFault']);
    const fault = await buildFault(t.db, site.network.id, site.pid, fittings[0]!.id, 4, t.clock.now());
    await sweepEmergencyFaults(t.app.ctx);
    await sweepEmergencyFaults(t.app.ctx);
    const runs = await runsOf(site.pid);
    expect(runs.map((run) => [run.kind, run.cycle, run.periodKey, run.nid, run.state])).toEqual([
      ['fault', 'realtime', `F${fault.id}`, site.network.id, 'sent'],
    ]);
    const deliveries = await t.db.select().from(reportDeliveries).where(eq(reportDeliveries.runId, runs[0]!.id));
    expect(deliveries).toEqual([
      expect.objectContaining({
        email: recipient.email,
        state: 'sent',
        attempts: 1,
        serverAnswer: expect.stringMatching(/^250/),
      }),
    ]);
    const mails = mailsTo(recipient.email);
    expect(mails.map((mail) => mail.messageId)).toEqual([deliveries[0]!.messageId]);
    expect(mails[0]!.subject).toContain('Emergency lighting fault');
  });

  it('sends nothing to a paused recipient, and the CSV as well to one who asked for it', async () => {
    setClock(t, '2026-03-18T10:00:00Z');
    const site = await reportCycleSite(t);
    const paused = await buildActiveRecipient(t, site.pid, `paused-${site.pid}@example.com`, 0);
    const csv = await buildActiveRecipient(t, site.pid, `csv-${site.pid}@example.com`, 3);
    expect(
      (await call(t.app, 'recipientSet', { pid: site.pid, id: paused.id, paused: true }, site.owner.session)).body.code,
    ).toBe(0);
    expect(
      (await call(t.app, 'recipientSet', { pid: site.pid, id: csv.id, csv: true }, site.installer.session)).body.code,
    ).toBe(0);
    await enableCycles(t, site, [weekly]);
    setClock(t, '2026-03-23T00:30:20Z');
    await pass();
    expect(mailsTo(paused.email)).toEqual([]);
    const [mail] = mailsTo(csv.email);
    expect(mail!.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['energy-report-2026-W12.pdf', 'application/pdf'],
      ['energy-report-2026-W12.csv', 'text/csv'],
    ]);
    // Spanish readers get the semicolon.
    expect(mail!.attachments[1]!.content.toString('utf8')).toContain(';');
    // Resumed, the recipient gets the next week.
    expect(
      (await call(t.app, 'recipientSet', { pid: site.pid, id: paused.id, paused: false }, site.owner.session)).body
        .code,
    ).toBe(0);
    setClock(t, '2026-03-29T23:30:20Z');
    await pass();
    expect(mailsTo(paused.email).map((item) => /2026-W\d\d/.exec(item.subject)?.[0])).toEqual(['2026-W13']);
  });
});
