import { type EmergencyElement, type OverdueNetwork, type ScreenSnapshot, TaskStatus } from '@lightwell/domain';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { call, describeApi } from '../../../test/helpers.ts';
import { devices } from '../../db/schema.ts';
import { buildFittings, buildRecord, buildZone } from '../../routes/emergency/test-fittings.ts';
import { runEmergencyTests } from '../run-emergency-tests.ts';
import { londonNetwork, promptGateway, useJobApp, YEARLY_ON_4_JUNE } from './test-job.ts';

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

describeApi('the emergency self-test job tries a fitting again while its window is open', () => {
  const fixture = useJobApp();
  const { setNow, addSchedule, recordsOf } = fixture;

  it('starts the test of a fitting offline at the window once it is back, once, and grades it late', async () => {
    const { t } = fixture;
    setNow('2026-09-20T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const [present, away, gone] = await buildFittings(t.db, network.id, zone.id, 3, {
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await t.db
      .update(devices)
      .set({ online: false })
      .where(inArray(devices.id, [away!.id, gone!.id]));
    const schedule = await addSchedule(owner.session, {
      nid: network.id,
      name: 'Monthly',
      testKind: 'function',
      day: 1,
      minuteOfDay: 600,
      maxDelayMinutes: 10,
    });
    const gateway = await promptGateway(t, network.id);
    // 10:00 BST on 1 October is 09:00 UTC.
    setNow('2026-10-01T09:00:30Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(gateway.sent.map((r) => r.target)).toEqual([{ kind: 'fittings', ids: [present!.id, away!.id, gone!.id] }]);
    expect(await gateway.outcomes(gateway.sent[0]!.taskId)).toEqual([
      [present!.id, TaskStatus.executed, null],
      [away!.id, TaskStatus.failed, 'offline'],
      [gone!.id, TaskStatus.failed, 'offline'],
    ]);
    // Still offline the next day: nothing is sent.
    setNow('2026-10-02T09:00:00Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(gateway.sent).toHaveLength(1);

    // The gateway says the fitting is online again; the job runs twice at once and once more.
    await t.db
      .update(devices)
      .set({ online: true, lastSeenAt: new Date('2026-10-03T07:59:00Z') })
      .where(eq(devices.id, away!.id));
    setNow('2026-10-03T08:00:00Z');
    await Promise.all([runEmergencyTests(t.app.ctx, gateway.start), runEmergencyTests(t.app.ctx, gateway.start)]);
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(gateway.sent).toHaveLength(2);
    const retry = gateway.sent[1]!;
    expect(retry).toEqual({
      networkId: network.id,
      target: { kind: 'fittings', ids: [away!.id] },
      action: 'functionTest',
      by: { scheduleId: schedule.id },
      maxDelayMinutes: 10,
      requestedAt: new Date('2026-10-01T09:00:00Z'),
      taskId: retry.taskId,
    });
    expect(await gateway.outcomes(retry.taskId)).toEqual([[away!.id, TaskStatus.executed, null]]);

    // The fitting runs it two days past the 10-minute maximum delay: passed, late, the window's result.
    setNow('2026-10-03T08:02:00Z');
    await gateway.report(away!.mac, '2026-10-03T08:01:30Z', {
      test: {
        kind: 'function',
        taskId: retry.taskId,
        outcome: 'done',
        startedAt: seconds('2026-10-03T08:00:40Z'),
        endedAt: seconds('2026-10-03T08:01:10Z'),
        failureBits: 0,
        durationResult: null,
        delayExceeded: false,
      },
    });
    expect(await recordsOf(network.id)).toEqual([
      expect.objectContaining({
        deviceId: away!.id,
        kind: 'function',
        grade: 'passedLate',
        startSource: 'schedule',
        scheduleId: schedule.id,
        taskId: retry.taskId,
        windowKind: 'monthly',
        windowStart: new Date('2026-10-01T09:00:00Z'),
      }),
    ]);
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(gateway.sent).toHaveLength(2);

    // Back only once October has closed (local midnight, GMT again): too late, graded missed.
    setNow('2026-11-01T00:01:00Z');
    await t.db.update(devices).set({ online: true }).where(eq(devices.id, gone!.id));
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(gateway.sent).toHaveLength(2);
    const missed = (await recordsOf(network.id)).filter((r) => r.grade === 'missed').map((r) => r.deviceId);
    expect(missed.sort()).toEqual([present!.id, gone!.id].sort());
  });

  it('tries a fitting that did not answer again only once it is heard from', async () => {
    const { t } = fixture;
    setNow('2026-09-20T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const [quiet] = await buildFittings(t.db, network.id, zone.id, 1, {
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await addSchedule(owner.session, {
      nid: network.id,
      name: 'Monthly',
      testKind: 'function',
      day: 5,
      minuteOfDay: 600,
    });
    const gateway = await promptGateway(t, network.id);
    gateway.silent.add(quiet!.mac);
    setNow('2026-10-05T09:00:30Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(await gateway.outcomes(gateway.sent[0]!.taskId)).toEqual([[quiet!.id, TaskStatus.failed, 'timeout']]);
    // Online all along as far as the console knows, but not heard from: no new try.
    setNow('2026-10-05T12:00:00Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(gateway.sent).toHaveLength(1);
    // It reports again: tried once more, and not again while it stays silent.
    await gateway.report(quiet!.mac, '2026-10-05T11:59:00Z', { statusBits: 8, batteryCharge: 254 });
    await runEmergencyTests(t.app.ctx, gateway.start);
    setNow('2026-10-05T12:30:00Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(gateway.sent.map((r) => [r.target, r.requestedAt])).toEqual([
      [{ kind: 'fittings', ids: [quiet!.id] }, undefined],
      [{ kind: 'fittings', ids: [quiet!.id] }, new Date('2026-10-05T09:00:00Z')],
    ]);
  });

  it('tries a fitting of the yearly duration test again only once no neighbour is on battery or recharging', async () => {
    const { t } = fixture;
    setNow('2026-05-20T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const stairs = await buildZone(t.db, network.id, 'Stairs');
    const hall = await buildZone(t.db, network.id, 'Hall');
    const created = { createdAt: new Date('2026-01-01T00:00:00Z'), ratedMinutes: 60 };
    const [first, second] = await buildFittings(t.db, network.id, stairs.id, 2, created);
    const [other] = await buildFittings(t.db, network.id, hall.id, 1, created);
    await t.db.update(devices).set({ online: false }).where(eq(devices.id, first!.id));
    await addSchedule(owner.session, {
      nid: network.id,
      ...YEARLY_ON_4_JUNE,
      durationKind: 'preset',
    });
    const gateway = await promptGateway(t, network.id);
    const targets = () => gateway.sent.map((r) => (r.target.kind === 'fittings' ? r.target.ids : []));
    // 01:00 BST on 4 June; batches 60 min on battery + 24 h recharge apart.
    setNow('2026-06-04T00:00:30Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(targets()).toEqual([[first!.id, other!.id]]);
    // Back within hours, but its neighbour's batch is due before it would have recharged.
    await t.db.update(devices).set({ online: true }).where(eq(devices.id, first!.id));
    setNow('2026-06-04T06:00:00Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    setNow('2026-06-05T01:00:30Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    setNow('2026-06-06T01:59:00Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(targets()).toEqual([[first!.id, other!.id], [second!.id]]);
    // The neighbour's test and recharge are over: the fitting runs the schedule's duration test now.
    setNow('2026-06-06T02:00:30Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect(targets()).toEqual([[first!.id, other!.id], [second!.id], [first!.id]]);
    expect(gateway.sent[2]).toMatchObject({
      action: 'durationTest',
      duration: { kind: 'preset' },
      requestedAt: new Date('2026-06-04T00:00:00Z'),
    });
  });

  it('counts a fitting offline through its monthly window overdue on home and the network overview once the window closes', async () => {
    const { t } = fixture;
    setNow('2026-07-02T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const [tested, away] = await buildFittings(t.db, network.id, zone.id, 2, {
      createdAt: new Date('2026-07-01T00:00:00Z'),
    });
    await t.db.update(devices).set({ online: false }).where(eq(devices.id, away!.id));
    await addSchedule(owner.session, {
      nid: network.id,
      name: 'Monthly',
      testKind: 'function',
      day: 20,
      minuteOfDay: 600,
    });
    const gateway = await promptGateway(t, network.id);
    setNow('2026-07-20T09:00:30Z');
    await runEmergencyTests(t.app.ctx, gateway.start);
    setNow('2026-07-20T09:05:00Z');
    await buildRecord(t.db, network.id, {
      deviceId: tested!.id,
      grade: 'passed',
      taskId: gateway.sent[0]!.taskId,
      endedAt: new Date('2026-07-20T09:01:00Z'),
    });
    const figures = async () => {
      const home = (await call(t.app, 'emergencyOverdueSummary', {}, owner.session)).body.data as {
        networks: OverdueNetwork[];
      };
      const overview = (await call(t.app, 'emergencyOverdueSummary', { nid: network.id }, owner.session)).body.data as {
        networks: OverdueNetwork[];
        totals: Omit<OverdueNetwork, 'nid' | 'name' | 'pid'>;
      };
      const screen = (await call(t.app, 'screenView', { nid: network.id }, owner.session)).body.data as ScreenSnapshot;
      const list = (
        await call(
          t.app,
          'emergencyElementList',
          { nid: network.id, page: 1, pageSize: 20, filter: 'overdue' },
          owner.session,
        )
      ).body.data as { list: EmergencyElement[] };
      return {
        home: home.networks.find((n) => n.nid === network.id)?.overdue,
        overview: [overview.totals.overdue, overview.totals.overdueFunction],
        screen: screen.emergency.overdue,
        list: list.list.map((e) => [e.deviceId, e.overdueKinds]),
      };
    };
    const none = { home: 0, overview: [0, 0], screen: 0, list: [] };
    // July closes at local midnight, 31 July 23:00 UTC: the fitting was added 30 days before.
    setNow('2026-07-31T22:59:00Z');
    expect(await figures()).toEqual(none);
    const overdue = { home: 1, overview: [1, 1], screen: 1, list: [[away!.id, ['function']]] };
    setNow('2026-07-31T23:00:30Z');
    expect(await figures()).toEqual(overdue);
    // The same once the job has written its missed record.
    await runEmergencyTests(t.app.ctx, gateway.start);
    expect((await recordsOf(network.id)).filter((r) => r.grade === 'missed').map((r) => r.deviceId)).toEqual([
      away!.id,
    ]);
    expect(await figures()).toEqual(overdue);
    // A passing test afterwards ends it.
    await buildRecord(t.db, network.id, {
      deviceId: away!.id,
      grade: 'passed',
      startSource: 'manual',
      endedAt: new Date('2026-08-02T10:00:00Z'),
    });
    setNow('2026-08-02T10:05:00Z');
    expect(await figures()).toEqual(none);
  });
});
