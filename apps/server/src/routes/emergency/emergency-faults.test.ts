import { Code, type Fault } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import { devices, emergencyFittings } from '../../db/schema.ts';
import { sweepEmergencyFaults } from '../../services/emergency/fault-mail.ts';
import { TestGateway } from '../control/test-gateway.ts';
import { withFault as withFaultSite } from './test-faults.ts';
import { buildFittings, buildRecord, buildZone } from './test-fittings.ts';

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

const withFault = (bits?: number) => withFaultSite(t, bits);

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
