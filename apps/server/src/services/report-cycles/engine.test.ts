import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, describeApi } from '../../../test/helpers.ts';
import {
  buildActiveRecipient,
  enableCycles,
  reportCycleSite,
  setClock,
} from '../../../test/support/report-cycle-site.ts';
import { reportDeliveries, reportRunFiles } from '../../db/schema.ts';
import { buildFault, buildFittings, buildZone } from '../../routes/emergency/test-fittings.ts';
import { sweepEmergencyFaults } from '../emergency/fault-mail.ts';
import { reportBuilderProbe } from '../reports/report-builder.ts';
import { runReportCycles } from './engine.ts';
import { HOUR, monthly, useEngineApp, weekly } from './test-engine.ts';

const engine = useEngineApp();
const { pass, mailsTo, runsOf } = engine;

describeApi('report cycles: every period mailed once per recipient', { timeout: 120_000 }, () => {
  it('mails a weekly and a monthly report once per recipient and period in their language, across the London DST change', async () => {
    const { t } = engine;
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
describeApi('report cycles: fault mails and recipients in the same record', { timeout: 120_000 }, () => {
  it('records each real-time fault mail as a delivery of the fault’s run, with its Message-ID and the server’s answer', async () => {
    const { t } = engine;
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
    const { t } = engine;
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

  it('computes each report’s figures and writes its files in the report worker, not the process that answers the pages', async () => {
    const { t } = engine;
    setClock(t, '2026-03-18T10:00:00Z');
    const site = await reportCycleSite(t);
    const reader = await buildActiveRecipient(t, site.pid, `worker-${site.pid}@example.com`, 1);
    expect(
      (await call(t.app, 'recipientSet', { pid: site.pid, id: reader.id, csv: true }, site.owner.session)).body.code,
    ).toBe(0);
    await enableCycles(t, site, [weekly]);
    const builders: number[] = [];
    reportBuilderProbe.onStarted = (pid) => builders.push(pid);
    try {
      setClock(t, '2026-03-23T00:30:20Z');
      await pass();
    } finally {
      reportBuilderProbe.onStarted = undefined;
    }
    // The figures once, then the reader's PDF and CSV, each a task of the worker.
    expect(builders).toHaveLength(3);
    expect(builders.every((pid) => pid !== process.pid)).toBe(true);
    const [mail] = mailsTo(reader.email);
    expect(mail!.attachments.map((file) => file.contentType)).toEqual(['application/pdf', 'text/csv']);
    expect(mail!.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
