import { Code, type Fault, type ReportMessage } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, post, type TestApp } from '../../../test/helpers.ts';
import type { AppContext } from '../../context.ts';
import {
  devices,
  emergencyFaultNotices,
  emergencyFaults,
  emergencyFittings,
  gateways as gatewayRows,
  networks,
  outbox,
  projectRecipients,
} from '../../db/schema.ts';
import { hashGatewaySecret } from '../../gateway-link/credentials.ts';
import { applyReport } from '../../gateway-link/ingest.ts';
import { runOnce } from '../../jobs/run-once.ts';
import { JOBS, startScheduler } from '../../jobs/scheduler.ts';
import { FAULT_SWEEP_MS, sweepEmergencyFaults } from '../../services/emergency/fault-mail.ts';
import { signEmergencyLink } from '../../services/emergency/links.ts';
import { runReportCycles } from '../../services/report-cycles/engine.ts';
import { TestGateway } from '../control/test-gateway.ts';
import { buildFault, buildFittings, buildRecord, buildZone } from './test-fittings.ts';

let t: TestApp;
const gateways: TestGateway[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await t.close();
});

const setNow = (iso: string) => {
  t.clock.offsetMs = new Date(iso).getTime() - Date.now();
};
const s = (iso: string) => Date.parse(iso) / 1000;

async function withFault(bits = 8) {
  const team = await networkTeam(t);
  const zone = await buildZone(t.db, team.network.id, 'Stairs');
  const fittings = await buildFittings(t.db, team.network.id, zone.id, 2);
  const fault = await buildFault(t.db, team.network.id, team.owner.pid, fittings[0]!.id, bits, t.clock.now());
  return { ...team, zone, fittings, fault };
}

async function withoutFault() {
  const team = await networkTeam(t);
  const zone = await buildZone(t.db, team.network.id, 'Stairs');
  return { ...team, fittings: await buildFittings(t.db, team.network.id, zone.id, 2) };
}

/** Spec: the real-time fault e-mail goes out about 10 s after the fault. */
const FAULT_MAIL_WITHIN_MS = 10_000;

/**
 * A fitting on a gateway of a new network whose project has one active `emergencyFault` recipient, and
 * `report`, which applies an emergency report of the fitting stamped now, as the gateway link does.
 */
async function reportingFitting() {
  const team = await networkTeam(t);
  const nid = team.network.id;
  const sn = `gw-fault-${nid}`;
  const [gateway] = await t.db
    .insert(gatewayRows)
    .values({ nid, sn, name: sn, secretHash: hashGatewaySecret('x'), gatewayType: 3, status: 2, meshStatus: 1 })
    .returning();
  const zone = await buildZone(t.db, nid, 'Stairs');
  const [fitting] = await buildFittings(t.db, nid, zone.id, 1);
  await t.db.update(devices).set({ gatewayId: gateway!.id }).where(eq(devices.id, fitting!.id));
  const email = `fault-${nid}@example.com`;
  await t.db.insert(projectRecipients).values({
    pid: team.owner.pid,
    email,
    language: 0,
    kinds: ['emergencyFault'],
    tokenHash: `f${nid}`,
    linkExpiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000),
    activatedAt: t.clock.now(),
  });
  let seq = 0;
  const report = async (faultBits: number) => {
    seq += 1;
    const at = Math.floor(t.clock.now().getTime() / 1000);
    const message: ReportMessage = { kind: 'emergency', seq, mac: fitting!.mac, at, mode: 0, faultBits };
    await applyReport(t.db, { id: gateway!.id, nid, sn }, message, t.clock.now());
    return at;
  };
  const faults = () => t.db.select().from(emergencyFaults).where(eq(emergencyFaults.deviceId, fitting!.id));
  const mails = () =>
    t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.template, 'emergencyFault')));
  return { ...team, fitting: fitting!, email, report, faults, mails };
}

const step = (faultId: number, stepName: string, extra: Record<string, unknown> = {}) => ({
  faultId,
  step: stepName,
  at: s('2026-05-02T09:00:00Z'),
  person: 'A. Electrician',
  remark: 'lamp module replaced',
  ...extra,
});

describeApi('emergency fault workflow', () => {
  it('walks safeguard → rectify → confirm → verify; the fault closes only when the booked retest passes', async () => {
    setNow('2026-05-02T08:00:00Z');
    const { owner, installer, sub, network, fault, fittings } = await withFault();
    const log = await call(t.app, 'emergencyFaultLog', { nid: network.id }, sub.session);
    const listed = (log.body.data as { list: Fault[] }).list[0]!;
    expect(listed).toMatchObject({ state: 'open', reasons: ['emergencyLamp'], confirmState: 'toBeConfirmed' });
    expect(listed.advice[0]!.advice).toMatch(/lamp/i);
    // Confirming is refused until safeguard and rectification are filled.
    expect((await call(t.app, 'emergencyFaultConfirm', { faultId: fault.id }, owner.session)).body.code).toBe(
      Code.faultStepsMissing,
    );
    await call(
      t.app,
      'emergencyFaultStep',
      step(fault.id, 'safeguard', { remark: 'area lit by spare lamp' }),
      installer.session,
    );
    expect((await call(t.app, 'emergencyFaultConfirm', { faultId: fault.id }, owner.session)).body.code).toBe(
      Code.faultStepsMissing,
    );
    await call(t.app, 'emergencyFaultStep', step(fault.id, 'rectify'), installer.session);
    const confirmed = await call(
      t.app,
      'emergencyFaultConfirm',
      { faultId: fault.id, remark: 'ok' },
      installer.session,
    );
    expect(confirmed.body.data).toMatchObject({
      confirmState: 'confirmed',
      confirm: { by: { uid: installer.user.id } },
    });
    expect((await call(t.app, 'emergencyFaultConfirm', { faultId: fault.id }, owner.session)).body.code).toBe(
      Code.alreadyConfirmed,
    );
    // Only the confirmer may change the confirmation.
    const change = { faultId: fault.id, confirmed: false, remark: 'wrong fitting' };
    expect((await call(t.app, 'emergencyFaultConfirmUpdate', change, owner.session)).body.code).toBe(Code.notConfirmer);
    const withdrawn = await call(t.app, 'emergencyFaultConfirmUpdate', change, installer.session);
    expect(withdrawn.body.data).toMatchObject({ confirmState: 'toBeConfirmed' });
    const again = await call(t.app, 'emergencyFaultConfirmUpdate', { ...change, confirmed: true }, installer.session);
    expect(again.body.data).toMatchObject({ confirmState: 'confirmed' });
    // Verify books a retest of the fitting.
    const verified = await call(t.app, 'emergencyFaultStep', step(fault.id, 'verify'), owner.session);
    expect(verified.body.data).toMatchObject({ state: 'awaitingRetest', retest: { recordId: null, grade: null } });
    const [state] = await t.db.select().from(emergencyFittings).where(eq(emergencyFittings.deviceId, fittings[0]!.id));
    expect(state).toMatchObject({ retestKind: 'function' });
    // A failing retest leaves it open; a passing one closes it.
    t.clock.advance(60);
    await buildRecord(t.db, network.id, {
      deviceId: fittings[0]!.id,
      grade: 'failed',
      failureBits: 8,
      startSource: 'retest',
      endedAt: new Date(Date.now() + 5_000),
    });
    await sweepEmergencyFaults(t.app.ctx);
    let now = (await call(t.app, 'emergencyFaultLog', { nid: network.id }, owner.session)).body.data as {
      list: Fault[];
    };
    expect(now.list[0]).toMatchObject({ state: 'open', closedAt: null, retest: { grade: 'failed' } });
    // Each retest result in the history says how the retest went.
    const results = (f: Fault) => f.entries.filter((e) => e.kind === 'retestResult').map((e) => e.grade);
    expect(results(now.list[0]!)).toEqual(['failed']);
    expect(now.list[0]!.entries.filter((e) => e.kind !== 'retestResult').every((e) => e.grade === null)).toBe(true);
    await call(t.app, 'emergencyFaultStep', step(fault.id, 'verify'), owner.session);
    await buildRecord(t.db, network.id, {
      deviceId: fittings[0]!.id,
      grade: 'passed',
      startSource: 'retest',
      endedAt: new Date(Date.now() + 10_000),
    });
    await sweepEmergencyFaults(t.app.ctx);
    now = (await call(t.app, 'emergencyFaultLog', { nid: network.id, state: 'closed' }, owner.session)).body.data as {
      list: Fault[];
    };
    expect(now.list[0]).toMatchObject({ id: fault.id, state: 'closed', retest: { grade: 'passed' } });
    expect(results(now.list[0]!)).toEqual(['failed', 'passed']);
    expect((await call(t.app, 'emergencyFaultStep', step(fault.id, 'rectify'), owner.session)).body.code).toBe(
      Code.faultClosed,
    );
    expect((await call(t.app, 'emergencyFaultLog', { nid: network.id, state: 'open' }, owner.session)).body.code).toBe(
      Code.emptyList,
    );
  });

  it('a fault of a duration test closes only with a full duration retest, not a shorter custom one', async () => {
    setNow('2026-05-02T08:00:00Z');
    // Bit 2: the battery did not last the duration test.
    const { owner, installer, network, fault, fittings } = await withFault(2);
    await call(t.app, 'emergencyFaultStep', step(fault.id, 'safeguard'), installer.session);
    await call(t.app, 'emergencyFaultStep', step(fault.id, 'rectify'), installer.session);
    await call(t.app, 'emergencyFaultConfirm', { faultId: fault.id }, installer.session);
    await call(t.app, 'emergencyFaultStep', step(fault.id, 'verify'), owner.session);
    const [state] = await t.db.select().from(emergencyFittings).where(eq(emergencyFittings.deviceId, fittings[0]!.id));
    expect(state).toMatchObject({ retestKind: 'duration' });
    t.clock.advance(60);
    const retest = { deviceId: fittings[0]!.id, kind: 'duration', grade: 'passed', startSource: 'retest' } as const;
    // A custom 10-minute test passes its own length, but proves nothing of the rated 3 hours.
    await buildRecord(t.db, network.id, {
      ...retest,
      partial: true,
      achievedMinutes: 10,
      ratedMinutes: 180,
      endedAt: new Date(Date.now() + 5_000),
    });
    await sweepEmergencyFaults(t.app.ctx);
    const open = (await call(t.app, 'emergencyFaultLog', { nid: network.id }, owner.session)).body.data as {
      list: Fault[];
    };
    expect(open.list[0]).toMatchObject({ id: fault.id, state: 'awaitingRetest', retest: { grade: null } });
    await buildRecord(t.db, network.id, {
      ...retest,
      achievedMinutes: 180,
      ratedMinutes: 180,
      endedAt: new Date(Date.now() + 10_000),
    });
    await sweepEmergencyFaults(t.app.ctx);
    const closed = (await call(t.app, 'emergencyFaultLog', { nid: network.id, state: 'closed' }, owner.session)).body
      .data as { list: Fault[] };
    expect(closed.list[0]).toMatchObject({ id: fault.id, state: 'closed', retest: { grade: 'passed' } });
  });

  it('keeps corrections as new entries, refuses a correction of another step, and answers 1104 before a confirmation', async () => {
    setNow('2026-05-02T08:00:00Z');
    const { owner, fault } = await withFault();
    const first = (await call(t.app, 'emergencyFaultStep', step(fault.id, 'safeguard'), owner.session)).body
      .data as Fault;
    const entryId = first.safeguard!.id;
    const fixed = await call(
      t.app,
      'emergencyFaultStep',
      step(fault.id, 'safeguard', { remark: 'corrected', correctsId: entryId }),
      owner.session,
    );
    expect(fixed.body.data).toMatchObject({ safeguard: { remark: 'corrected', correctsId: entryId } });
    expect((fixed.body.data as Fault).entries.map((e) => e.kind)).toEqual(['opened', 'safeguard', 'safeguard']);
    expect(
      (await call(t.app, 'emergencyFaultStep', step(fault.id, 'rectify', { correctsId: entryId }), owner.session)).body
        .code,
    ).toBe(Code.badInput);
    expect(
      (await call(t.app, 'emergencyFaultConfirmUpdate', { faultId: fault.id, confirmed: false }, owner.session)).body
        .code,
    ).toBe(Code.notConfirmed);
    expect(
      (await call(t.app, 'emergencyFaultStep', step(fault.id, 'safeguard', { person: '' }), owner.session)).body.code,
    ).toBe(Code.badInput);
  });

  it('lets sub-users read the fault log but walk no step, and strangers neither (1013)', async () => {
    const { sub, stranger, network, fault } = await withFault();
    expect((await call(t.app, 'emergencyFaultLog', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    for (const session of [sub.session, stranger.session]) {
      expect((await call(t.app, 'emergencyFaultStep', step(fault.id, 'safeguard'), session)).body.code).toBe(
        Code.noPermission,
      );
      expect((await call(t.app, 'emergencyFaultConfirm', { faultId: fault.id }, session)).body.code).toBe(
        Code.noPermission,
      );
      expect(
        (await call(t.app, 'emergencyFaultConfirmUpdate', { faultId: fault.id, confirmed: true }, session)).body.code,
      ).toBe(Code.noPermission);
      expect((await call(t.app, 'emergencyRetestFailed', { nid: network.id }, session)).body.code).toBe(
        Code.noPermission,
      );
    }
    expect((await call(t.app, 'emergencyFaultConfirm', { faultId: 987_654 }, sub.session)).body.code).toBe(
      Code.noPermission,
    );
  });

  it('retests the failed fittings of a network as one task; 1071 when none failed', async () => {
    setNow('2026-05-02T08:00:00Z');
    const team = await networkTeam(t);
    const gateway = await TestGateway.start(t.db, t.brokerUrl, team.network.id);
    gateways.push(gateway);
    const zone = await buildZone(t.db, team.network.id, 'Hall');
    const fittings = await buildFittings(t.db, team.network.id, zone.id, 3);
    for (const f of fittings) await t.db.update(devices).set({ gatewayId: gateway.id }).where(eq(devices.id, f.id));
    expect((await call(t.app, 'emergencyRetestFailed', { nid: team.network.id }, team.owner.session)).body.code).toBe(
      Code.noDeviceSelected,
    );
    await buildRecord(t.db, team.network.id, {
      deviceId: fittings[1]!.id,
      grade: 'failedLate',
      failureBits: 64,
      endedAt: new Date('2026-05-01T10:00:00Z'),
    });
    await buildRecord(t.db, team.network.id, {
      deviceId: fittings[2]!.id,
      grade: 'passed',
      endedAt: new Date('2026-05-01T10:00:00Z'),
    });
    const reply = await call(t.app, 'emergencyRetestFailed', { nid: team.network.id }, team.installer.session);
    expect(reply.body).toMatchObject({ code: 0, data: { fittings: 1 } });
  });
});

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
