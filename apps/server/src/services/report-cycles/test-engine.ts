import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/helpers.ts';
import { readMail } from '../../../test/support/mime.ts';
import type { startSmtpSink } from '../../../test/support/smtp-sink.ts';
import type { AppContext } from '../../context.ts';
import { reportDeliveries, reportRuns } from '../../db/schema.ts';
import { runOnce } from '../run-once.ts';
import { runReportCycles } from './engine.ts';
import { REPORT_CYCLES_JOB } from './plan-runs.ts';

export const HOUR = 3600;
export const weekly = { cycle: 'weekly', enabled: true, sendDay: 1, sections: ['energy', 'cost', 'co2'] } as const;
export const monthly = { cycle: 'monthly', enabled: true, sendDay: 1, sections: ['energy', 'cost', 'co2'] } as const;

/** One scheduled pass, as the minutely job runs it: once per minute slot, across processes. */
export async function pass(t: TestApp, ctx: AppContext = t.app.ctx) {
  await runOnce(t.db, REPORT_CYCLES_JOB, ctx.now().toISOString().slice(0, 16), () => runReportCycles(ctx));
}

/** The mails the sink received for an address, read, in the order they came. */
export const mailsTo = (sink: Awaited<ReturnType<typeof startSmtpSink>>, email: string) =>
  sink.mails.filter((mail) => mail.to.includes(email)).map((mail) => readMail(mail.raw));

/** Ends every lease as if its time had passed on the database's clock (leases are real time there). */
export async function lapseLeases(t: TestApp) {
  const past = sql`now() - interval '1 second'`;
  await t.db.update(reportDeliveries).set({ leaseUntil: past }).where(isNotNull(reportDeliveries.leaseUntil));
  await t.db.update(reportRuns).set({ leaseUntil: past }).where(isNotNull(reportRuns.leaseUntil));
}

/** The report runs of a project, oldest first. */
export async function runsOf(t: TestApp, pid: number) {
  return t.db.select().from(reportRuns).where(eq(reportRuns.pid, pid)).orderBy(asc(reportRuns.id));
}
