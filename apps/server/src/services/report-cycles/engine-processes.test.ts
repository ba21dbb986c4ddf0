import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createPgDatabase, databaseAvailable, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { readMail } from '../../../test/support/mime.ts';
import {
  buildActiveRecipient,
  enableCycles,
  reportCycleSite,
  setClock,
} from '../../../test/support/report-cycle-site.ts';
import { startSmtpSink } from '../../../test/support/smtp-sink.ts';
import { reportDeliveries, reportRunFiles, reportRuns } from '../../db/schema.ts';
import { runReportCycles } from './engine.ts';

const sections = ['energy', 'cost', 'co2'] as const;

/** Two server processes of one deployment need one PostgreSQL database: this runs in the server-pg project only. */
describe.skipIf(TEST_DB !== 'pg' || !databaseAvailable)('report cycles in two processes on one PostgreSQL', () => {
  let drop: () => Promise<void>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const database = await createPgDatabase({ migrated: true });
    drop = database.drop;
    sink = await startSmtpSink();
    const env = { SMTP_URL: sink.url, PUBLIC_URL: 'https://console.example.com' };
    a = await buildTestApp(env, { databaseUrl: database.url });
    b = await buildTestApp(env, { databaseUrl: database.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sink?.close();
    await drop?.();
  });

  it('sends each period once per recipient when both tick at the same time, its file built once', {
    timeout: 120_000,
  }, async () => {
    setClock(a, '2026-03-18T10:00:00Z');
    const site = await reportCycleSite(a);
    const en = await buildActiveRecipient(a, site.pid, 'twice-en@example.com', 0);
    const zh = await buildActiveRecipient(a, site.pid, 'twice-zh@example.com', 1);
    await enableCycles(a, site, [
      { cycle: 'weekly', enabled: true, sendDay: 1, sections: [...sections] },
      { cycle: 'monthly', enabled: true, sendDay: 2, sections: [...sections] },
    ]);
    // Both processes start on 2 April at 00:10 BST: weeks 12 and 13 are late, March is just due.
    for (const app of [a, b]) setClock(app, '2026-04-01T23:10:00Z');
    await Promise.all([
      runReportCycles(a.app.ctx),
      runReportCycles(b.app.ctx),
      runReportCycles(a.app.ctx),
      runReportCycles(b.app.ctx),
    ]);
    await Promise.all([runReportCycles(b.app.ctx), runReportCycles(a.app.ctx)]);

    const runs = await a.db.select().from(reportRuns).where(eq(reportRuns.pid, site.pid)).orderBy(asc(reportRuns.id));
    expect(runs.map((run) => [run.periodKey, run.state]).sort()).toEqual([
      ['2026-03', 'sent'],
      ['2026-W12', 'sent'],
      ['2026-W13', 'sent'],
    ]);
    for (const recipient of [en, zh]) {
      const mails = sink.mails.filter((mail) => mail.to.includes(recipient.email)).map((mail) => readMail(mail.raw));
      expect(mails).toHaveLength(3);
      expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(3);
      const deliveries = await a.db.select().from(reportDeliveries).where(eq(reportDeliveries.email, recipient.email));
      expect(deliveries.map((delivery) => [delivery.state, delivery.attempts])).toEqual([
        ['sent', 1],
        ['sent', 1],
        ['sent', 1],
      ]);
    }
    // One PDF per run and language: each built once.
    const files = await a.db.select().from(reportRunFiles);
    expect(files.filter((file) => runs.some((run) => run.id === file.runId))).toHaveLength(6);
  });
});
