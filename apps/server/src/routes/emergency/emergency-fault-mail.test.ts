import { Code, type Fault } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, call, describeApi, post, type TestApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../context.ts';
import { emergencyFaultNotices, networks, outbox, projectRecipients } from '../../db/schema.ts';
import { JOBS, startScheduler } from '../../jobs/scheduler.ts';
import { FAULT_SWEEP_MS, sweepEmergencyFaults } from '../../services/emergency/fault-mail.ts';
import { signEmergencyLink } from '../../services/emergency/links.ts';
import { runReportCycles } from '../../services/report-cycles/engine.ts';
import { runOnce } from '../../services/run-once.ts';
import {
  reportingFitting as reportingFittingSite,
  withFault as withFaultSite,
  withoutFault as withoutFaultSite,
} from './test-faults.ts';
import { buildFault, buildRecord } from './test-fittings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const setNow = (iso: string) => {
  t.clock.offsetMs = new Date(iso).getTime() - Date.now();
};
const s = (iso: string) => Date.parse(iso) / 1000;

const withFault = (bits?: number) => withFaultSite(t, bits);
const withoutFault = () => withoutFaultSite(t);
const reportingFitting = () => reportingFittingSite(t);

/** Spec: the real-time fault e-mail goes out about 10 s after the fault. */
const FAULT_MAIL_WITHIN_MS = 10_000;

describeApi('signed e-mail links and the fault e-mail', () => {
  it('opens one fault through its link, and refuses a report link, a tampered, an expired or a foreign-kind token', async () => {
    setNow('2026-05-02T08:00:00Z');
    const { network, fault } = await withFault();
    const exp = s('2026-06-01T00:00:00Z');
    const link = signEmergencyLink(t.app.ctx, { kind: 'fault', faultId: fault.id, exp, language: 2 });
    const opened = await call(t.app, 'emergencyPublicFault', { link });
    expect(opened.body).toMatchObject({ code: 0, data: { network: { nid: network.id }, fault: { id: fault.id } } });
    // The recipient's language: German advice.
    expect((opened.body.data as { fault: Fault }).fault.advice[0]!.cause).toMatch(/Notleuchte|Lampe|Leuchtmittel/);
    const report = signEmergencyLink(t.app.ctx, { kind: 'report', nid: network.id, from: 0, to: exp, exp });
    expect((await call(t.app, 'emergencyPublicFault', { link: report })).body.code).toBe(Code.linkInvalid);
    expect((await call(t.app, 'emergencyPublicReport', { link })).body.code).toBe(Code.linkInvalid);
    const reportAnswer = await call(t.app, 'emergencyPublicReport', { link: report });
    expect(reportAnswer.body).toMatchObject({ code: 0, data: { faults: [{ id: fault.id }] } });
    expect((await call(t.app, 'emergencyPublicFault', { link: `${link.slice(0, -2)}xx` })).body.code).toBe(
      Code.linkInvalid,
    );
    setNow('2026-06-02T00:00:00Z');
    expect((await call(t.app, 'emergencyPublicFault', { link })).body.code).toBe(Code.linkInvalid);
    // The token is no session: an authenticated call with it is refused.
    const asSession = await post(t.app, '/api/v1/emergency/fault/log', { nid: network.id, token: link, uid: 1 });
    expect(asSession.body.code).not.toBe(0);
  });

  it('mails each active recipient once in their language; a flapping fitting is throttled, not flooded', async () => {
    setNow('2026-05-02T08:00:00Z');
    const { owner, network, fittings } = await withoutFault();
    await t.db.insert(projectRecipients).values([
      {
        pid: owner.pid,
        email: `de-${network.id}@example.com`,
        language: 2,
        kinds: ['emergencyFault'],
        tokenHash: `a${network.id}`,
        linkExpiresAt: new Date('2026-06-01T00:00:00Z'),
        activatedAt: new Date('2026-05-01T00:00:00Z'),
      },
      {
        pid: owner.pid,
        email: `zh-${network.id}@example.com`,
        language: 1,
        kinds: ['emergencyFault'],
        tokenHash: `b${network.id}`,
        linkExpiresAt: new Date('2026-06-01T00:00:00Z'),
        activatedAt: new Date('2026-05-01T00:00:00Z'),
      },
      {
        pid: owner.pid,
        email: `off-${network.id}@example.com`,
        language: 0,
        kinds: ['emergencyFault'],
        tokenHash: `c${network.id}`,
        linkExpiresAt: new Date('2026-06-01T00:00:00Z'),
      },
    ]);
    const fault = await buildFault(t.db, network.id, owner.pid, fittings[1]!.id, 4, t.clock.now());
    await Promise.all([sweepEmergencyFaults(t.app.ctx), sweepEmergencyFaults(t.app.ctx)]);
    await sweepEmergencyFaults(t.app.ctx);
    const sent = async (email: string) =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, email), eq(outbox.template, 'emergencyFault')));
    const de = await sent(`de-${network.id}@example.com`);
    const zh = await sent(`zh-${network.id}@example.com`);
    expect(de).toHaveLength(1);
    expect(zh).toHaveLength(1);
    expect(await sent(`off-${network.id}@example.com`)).toHaveLength(0);
    expect(de[0]!.subject).toContain('Störung');
    expect(zh[0]!.subject).toContain('应急照明故障');
    expect(de[0]!.textBody).toContain('/not/token/emergency/fault?link=');
    // A second fault of the same fitting ten minutes later waits for the hour's throttle.
    setNow('2026-05-02T08:10:00Z');
    await buildFault(t.db, network.id, owner.pid, fittings[1]!.id, 4 | 1, t.clock.now());
    await sweepEmergencyFaults(t.app.ctx);
    expect(await sent(`de-${network.id}@example.com`)).toHaveLength(1);
    setNow('2026-05-02T09:01:00Z');
    await sweepEmergencyFaults(t.app.ctx);
    expect(await sent(`de-${network.id}@example.com`)).toHaveLength(2);
    const notices = await t.db.select().from(emergencyFaultNotices).where(eq(emergencyFaultNotices.faultId, fault.id));
    expect(notices).toHaveLength(2);
  });

  it('mails a fault the report ingest opened at the next sweep: at most FAULT_SWEEP_MS (≤ 10 s) after the report', async () => {
    expect(FAULT_SWEEP_MS).toBeLessThanOrEqual(FAULT_MAIL_WITHIN_MS);
    setNow('2026-05-02T08:00:00Z');
    const { fitting, report, faults, mails } = await reportingFitting();
    // The worst case: the fault comes in just after a sweep.
    await sweepEmergencyFaults(t.app.ctx);
    const at = await report(8);
    const [fault] = await faults();
    expect(fault).toMatchObject({ deviceId: fitting.id, failureBits: 8, openedAt: new Date(at * 1000) });
    expect(await mails()).toEqual([]);
    // The next sweep, one interval later, queues and sends its e-mail.
    t.clock.advance(FAULT_SWEEP_MS / 1000);
    const swept = await sweepEmergencyFaults(t.app.ctx);
    expect(swept.queued).toBeGreaterThanOrEqual(1);
    expect(swept.sent).toBeGreaterThanOrEqual(1);
    const notices = await t.db.select().from(emergencyFaultNotices).where(eq(emergencyFaultNotices.faultId, fault!.id));
    expect(notices).toEqual([expect.objectContaining({ sentAt: expect.any(Date), error: null })]);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textBody).toContain(fitting.name);
  });

  it('sweeps from the scheduler often enough: a fault reported right after a sweep is mailed within 10 s', async () => {
    setNow('2026-05-02T08:00:00Z');
    const { report, faults, mails, email } = await reportingFitting();
    // The scheduler's minute tick runs at its start: its jobs' slots are taken, so only the sweeps run.
    for (const job of JOBS) await runOnce(t.db, job.name, job.slot(t.clock.now()), async () => 'taken by the test');
    let mailed!: () => void;
    const firstMail = new Promise<void>((resolve) => {
      mailed = resolve;
    });
    const mailer = t.app.ctx.mailer;
    const ctx: AppContext = {
      ...t.app.ctx,
      mailer: {
        ...mailer,
        async send(to, template, language) {
          await mailer.send(to, template, language);
          if (to === email) mailed();
        },
      },
    };
    // Intervals run on a fake timer (the database and everything else on real time): each scheduler
    // period passes only when the test advances it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const stop = startScheduler(ctx, t.app.log);
    try {
      // Reported at the scheduler's start: the first sweep is one whole interval away.
      await report(8);
      expect(await faults()).toHaveLength(1);
      expect(await mails()).toHaveLength(0);
      vi.advanceTimersByTime(FAULT_MAIL_WITHIN_MS);
      // A sweep started within the 10 s mails the fault (were none started, nothing would be mailed and the
      // test would time out).
      await firstMail;
      expect(await mails()).toHaveLength(1);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it('mails the self-test and fault report of a month once, with a link that opens that report only', async () => {
    setNow('2026-06-01T06:00:00Z');
    const { owner, network, fittings } = await withoutFault();
    await t.db.update(networks).set({ timeZone: 'Europe/London' }).where(eq(networks.id, network.id));
    const email = `report-${network.id}@example.com`;
    await t.db.insert(projectRecipients).values({
      pid: owner.pid,
      email,
      language: 3,
      kinds: ['selfTestReport'],
      tokenHash: `r${network.id}`,
      linkExpiresAt: new Date('2026-07-01T00:00:00Z'),
      activatedAt: new Date('2026-05-01T00:00:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: fittings[0]!.id,
      grade: 'passed',
      endedAt: new Date('2026-05-03T10:00:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: fittings[1]!.id,
      grade: 'failed',
      failureBits: 8,
      endedAt: new Date('2026-05-03T10:00:00Z'),
    });
    await runReportCycles(t.app.ctx);
    await runReportCycles(t.app.ctx);
    const mails = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('2026-05');
    expect(mails[0]!.textBody).toContain('2 pruebas, 1 no superadas');
    const link = /selfTestAndFault\?link=(\S+)/.exec(mails[0]!.textBody)![1]!;
    const opened = await call(t.app, 'emergencyPublicReport', { link });
    expect(opened.body).toMatchObject({
      code: 0,
      data: { network: { nid: network.id }, from: s('2026-04-30T23:00:00Z'), to: s('2026-05-31T23:00:00Z') },
    });
    expect((opened.body.data as { tests: unknown[] }).tests).toHaveLength(2);
    expect((await call(t.app, 'emergencyPublicFault', { link })).body.code).toBe(Code.linkInvalid);
  });
});
