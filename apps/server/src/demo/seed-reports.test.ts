import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../../test/helpers.ts';
import { readMail } from '../../test/support/mime.ts';
import { setClock } from '../../test/support/report-cycle-site.ts';
import { startSmtpSink } from '../../test/support/smtp-sink.ts';
import { networks, projectRecipients, reportDeliveries, reportRuns } from '../db/schema.ts';
import { runReportCycles } from '../services/report-cycles/engine.ts';
import { DEMO_NETWORK } from './demo-installation.ts';
import { DEMO_LOGIN, seedDemo } from './seed-demo.ts';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://console.example.com' });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describeApi('the demo project’s mailed reports', () => {
  it('mails its weekly and monthly reports to the demo account once each, from the week it was seeded in', {
    timeout: 120_000,
  }, async () => {
    // Seeded on Wednesday 4 March 2026; the demo office keeps Berlin time.
    setClock(t, '2026-03-04T10:00:00Z');
    await seedDemo(t.app.ctx);
    const [network] = await t.db.select().from(networks).where(eq(networks.name, DEMO_NETWORK.name));
    expect(network!.timeZone).toBe('Europe/Berlin');
    const [recipient] = await t.db.select().from(projectRecipients).where(eq(projectRecipients.pid, network!.pid));
    expect(recipient).toMatchObject({
      email: DEMO_LOGIN.email,
      kinds: ['emergencyFault', 'selfTestReport', 'energyReport'],
    });
    expect(recipient!.activatedAt).not.toBeNull();

    const reportMails = () =>
      sink.mails
        .filter((mail) => mail.to.includes(DEMO_LOGIN.email))
        .map((mail) => readMail(mail.raw))
        .filter((mail) => mail.header('list-unsubscribe'));
    // Sunday 23:59 in Berlin: the week is not over, nothing goes out.
    setClock(t, '2026-03-08T22:59:00Z');
    await runReportCycles(t.app.ctx);
    expect(reportMails()).toHaveLength(0);
    // Monday 0:31 in Berlin: the week of the seeding goes out, once however often the job runs.
    setClock(t, '2026-03-08T23:31:00Z');
    await runReportCycles(t.app.ctx);
    await runReportCycles(t.app.ctx);
    expect(reportMails()).toHaveLength(1);
    // 1 April 0:01 in Berlin (summer time): March and the three weeks since, each once.
    setClock(t, '2026-03-31T22:01:00Z');
    await runReportCycles(t.app.ctx);
    await runReportCycles(t.app.ctx);
    const mails = reportMails();
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(mails.length);
    const runs = await t.db
      .select({ kind: reportRuns.kind, key: reportRuns.periodKey, state: reportRuns.state })
      .from(reportRuns)
      .where(eq(reportRuns.pid, network!.pid))
      .orderBy(asc(reportRuns.id));
    // The monthly self-test report of the demo office goes out on the same day, to the same address.
    expect(runs.map((run) => `${run.kind} ${run.key} ${run.state}`).sort()).toEqual([
      'energy 2026-03 sent',
      'energy 2026-W10 sent',
      'energy 2026-W11 sent',
      'energy 2026-W12 sent',
      'energy 2026-W13 sent',
      'selfTest 2026-03 sent',
    ]);
    expect(mails).toHaveLength(6);
    const delivered = await t.db
      .select({ state: reportDeliveries.state })
      .from(reportDeliveries)
      .where(and(eq(reportDeliveries.email, DEMO_LOGIN.email), eq(reportDeliveries.state, 'sent')));
    expect(delivered).toHaveLength(6);
  });
});
