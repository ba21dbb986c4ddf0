import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Code, type ReportRunRecord } from '@lightwell/domain';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, describeApi } from '../../../test/helpers.ts';
import {
  buildActiveRecipient,
  enableCycles,
  reportCycleSite,
  setClock,
} from '../../../test/support/report-cycle-site.ts';
import { reportDeliveries, reportRunFiles, tariffVersions } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { buildFittings, buildRecord, buildZone } from '../../routes/emergency/test-fittings.ts';
import { runReportCycles } from './engine.ts';
import { monthly, useEngineApp, weekly } from './test-engine.ts';
import { CYCLE_WORKER } from './workers.ts';

const engine = useEngineApp();
const { pass, mailsTo, runsOf, lapseLeases } = engine;

describeApi('report cycles: catch-up, issued reports, restatements, the self-test report', { timeout: 120_000 }, () => {
  it('catches up after downtime: the missed weeks oldest first, each marked late and saying why', async () => {
    const { t } = engine;
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
    const { t } = engine;
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
    const { t } = engine;
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
    const { t } = engine;
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
    const { t } = engine;
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
