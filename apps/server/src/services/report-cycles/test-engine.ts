import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { readMail } from '../../../test/support/mime.ts';
import { startSmtpSink } from '../../../test/support/smtp-sink.ts';
import type { AppContext } from '../../context.ts';
import { reportDeliveries, reportRuns } from '../../db/schema.ts';
import { runOnce } from '../run-once.ts';
import { runReportCycles } from './engine.ts';
import { REPORT_CYCLES_JOB } from './plan-runs.ts';

export const HOUR = 3600;
export const weekly = { cycle: 'weekly', enabled: true, sendDay: 1, sections: ['energy', 'cost', 'co2'] } as const;
export const monthly = { cycle: 'monthly', enabled: true, sendDay: 1, sections: ['energy', 'cost', 'co2'] } as const;

/**
 * The report-cycle engine tests' setup: registers the hooks that start an SMTP sink for the file and build
 * a fresh app mailing to it for each test (closing both again), and answers the test's app `t` with the
 * steps and reads the tests make of it.
 */
export function useEngineApp() {
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

  return {
    /** The app of the running test. */
    get t() {
      return t;
    },
    /** One scheduled pass, as the minutely job runs it: once per minute slot, across processes. */
    async pass(ctx: AppContext = t.app.ctx) {
      await runOnce(t.db, REPORT_CYCLES_JOB, ctx.now().toISOString().slice(0, 16), () => runReportCycles(ctx));
    },
    /** The mails the sink received for an address, read, in the order they came. */
    mailsTo: (email: string) => sink.mails.filter((mail) => mail.to.includes(email)).map((mail) => readMail(mail.raw)),
    /** Ends every lease as if its time had passed on the database's clock (leases are real time there). */
    async lapseLeases() {
      const past = sql`now() - interval '1 second'`;
      await t.db.update(reportDeliveries).set({ leaseUntil: past }).where(isNotNull(reportDeliveries.leaseUntil));
      await t.db.update(reportRuns).set({ leaseUntil: past }).where(isNotNull(reportRuns.leaseUntil));
    },
    /** The report runs of a project, oldest first. */
    runsOf: (pid: number) => t.db.select().from(reportRuns).where(eq(reportRuns.pid, pid)).orderBy(asc(reportRuns.id)),
  };
}
