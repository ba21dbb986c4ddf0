import {
  type EmergencyElement,
  type EmergencySchedule,
  type OverdueNetwork,
  peakPerZone,
  type ReportMessage,
  type ScreenSnapshot,
  TaskStatus,
} from '@lightwell/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, createPgDatabase, describeApi, networkTeam, type TestApp } from '../../test/helpers.ts';
import { describeDeployment } from '../../test/mqtt/mosquitto.ts';
import {
  devices,
  emergencyFittings,
  emergencyTestRecords,
  emergencyTestRuns,
  gateways,
  networks,
  outbox,
  projectRecipients,
  taskDevices,
} from '../db/schema.ts';
import { applyReport } from '../gateway-link/ingest.ts';
import type { LinkedGateway } from '../gateway-link/types.ts';
import { buildFault, buildFittings, buildRecord, buildZone } from '../routes/emergency/test-fittings.ts';
import { applyAck } from '../services/commands/apply-ack.ts';
import { type EmergencyActionRequest, startEmergencyAction } from '../services/emergency/actions.ts';
import { sweepEmergencyFaults } from '../services/emergency/fault-mail.ts';
import { type EmergencyStarter, runEmergencyTests } from './run-emergency-tests.ts';

/** A starter that records what the job asked for instead of sending it. */
function recordingStarter(nid?: number) {
  const asked: EmergencyActionRequest[] = [];
  const start: EmergencyStarter = async (_ctx, request) => {
    // Other tests' networks share the database: keep what this test's network was sent.
    if (nid === undefined || request.networkId === nid) asked.push(request);
    return { taskId: asked.length, fittings: request.target.kind === 'fittings' ? request.target.ids.length : 0 };
  };
  return { asked, start };
}

/**
 * A gateway of the network that passes each command on at once: it sends the job's tasks for the network
 * through the console's `startEmergencyAction` and acknowledges each task done, every fitting it reached
 * executed except the `silent` ones (no answer). `sent` keeps what was asked of each task.
 */
async function promptGateway(t: TestApp, nid: number) {
  const sn = `gw-self-test-${nid}`;
  const [row] = await t.db
    .insert(gateways)
    .values({ nid, sn, name: sn, secretHash: 'x', gatewayType: 3, status: 2, meshStatus: 1 })
    .returning();
  const linked: LinkedGateway = { id: row!.id, nid, sn };
  const silent = new Set<string>();
  const sent: (EmergencyActionRequest & { taskId: number })[] = [];
  const start: EmergencyStarter = async (ctx, request) => {
    // Other tests' networks share the database (and their windows open again as the clock moves back).
    if (request.networkId !== nid) return { taskId: 0, fittings: 0 };
    const started = await startEmergencyAction(ctx, request);
    sent.push({ ...request, taskId: started.taskId });
    const reached = await ctx.db
      .select({ mac: devices.mac })
      .from(taskDevices)
      .innerJoin(devices, eq(devices.id, taskDevices.deviceId))
      .where(and(eq(taskDevices.taskId, started.taskId), eq(taskDevices.status, TaskStatus.waiting)));
    await applyAck(ctx, {
      gateway: linked,
      message: {
        taskId: started.taskId,
        state: 'done',
        results: reached.filter((d) => !silent.has(d.mac)).map((d) => ({ mac: d.mac, ok: true })),
      },
      receivedAt: ctx.now(),
    });
    return started;
  };
  /** Each device's outcome in a task: [device id, status, reason]. */
  const outcomes = async (taskId: number) =>
    (
      await t.db.select().from(taskDevices).where(eq(taskDevices.taskId, taskId)).orderBy(asc(taskDevices.deviceId))
    ).map((o) => [o.deviceId, o.status, o.reason]);
  let seq = 0;
  /** An emergency report of a fitting, stamped `iso`, as the gateway sends it. */
  const report = async (
    mac: string,
    iso: string,
    fields: Partial<Extract<ReportMessage, { kind: 'emergency' }>> = {},
  ) => {
    seq += 1;
    const at = Math.floor(new Date(iso).getTime() / 1000);
    await applyReport(
      t.db,
      linked,
      { kind: 'emergency', seq, mac, at, mode: 0, faultBits: 0, ...fields },
      t.clock.now(),
    );
  };
  return { linked, silent, sent, start, outcomes, report };
}

const seconds = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

async function londonNetwork(t: TestApp) {
  const team = await networkTeam(t);
  await t.db.update(networks).set({ timeZone: 'Europe/London' }).where(eq(networks.id, team.network.id));
  return team;
}

describeApi('the emergency self-test job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const setNow = (iso: string) => {
    t.clock.offsetMs = new Date(iso).getTime() - Date.now();
  };

  it('starts the monthly function test at its local time across the DST change, once, by its schedule', async () => {
    setNow('2026-03-20T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const fittings = await buildFittings(t.db, network.id, zone.id, 3, { createdAt: new Date('2026-01-01T00:00:00Z') });
    const added = await call(
      t.app,
      'emergencyScheduleAdd',
      { nid: network.id, name: 'Monthly', testKind: 'function', day: 3, minuteOfDay: 600, maxDelayMinutes: 10 },
      owner.session,
    );
    const schedule = added.body.data as EmergencySchedule;
    const { asked, start } = recordingStarter(network.id);
    // 10:00 BST on 3 April is 09:00 UTC.
    setNow('2026-04-03T08:59:00Z');
    await runEmergencyTests(t.app.ctx, start);
    expect(asked).toEqual([]);
    setNow('2026-04-03T09:00:30Z');
    await runEmergencyTests(t.app.ctx, start);
    await runEmergencyTests(t.app.ctx, start);
    expect(asked).toEqual([
      {
        networkId: network.id,
        target: { kind: 'fittings', ids: fittings.map((f) => f.id) },
        action: 'functionTest',
        by: { scheduleId: schedule.id },
        maxDelayMinutes: 10,
      },
    ]);
  });

  it('staggers the yearly duration test: no two fittings of a zone on battery together, next batch once recharged', async () => {
    setNow('2026-05-01T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const stairs = await buildZone(t.db, network.id, 'Stairs');
    const hall = await buildZone(t.db, network.id, 'Hall');
    const created = { createdAt: new Date('2026-01-01T00:00:00Z') };
    const a = await buildFittings(t.db, network.id, stairs.id, 3, { ...created, ratedMinutes: 180 });
    const b = await buildFittings(t.db, network.id, hall.id, 2, { ...created, ratedMinutes: 60 });
    await call(
      t.app,
      'emergencyScheduleAdd',
      {
        nid: network.id,
        name: 'Yearly',
        testKind: 'duration',
        day: 4,
        month: 6,
        minuteOfDay: 60,
        durationKind: 'preset',
      },
      owner.session,
    );
    const { asked, start } = recordingStarter(network.id);
    setNow('2026-06-04T00:01:00Z'); // 01:01 BST
    await runEmergencyTests(t.app.ctx, start);
    expect(asked.map((r) => r.target)).toEqual([{ kind: 'fittings', ids: [a[0]!.id, b[0]!.id] }]);
    expect(asked[0]).toMatchObject({ action: 'durationTest', duration: { kind: 'preset' } });
    // The next batch waits for the first to run (180 min) and recharge (24 h).
    setNow('2026-06-05T02:59:00Z');
    await runEmergencyTests(t.app.ctx, start);
    expect(asked).toHaveLength(1);
    setNow('2026-06-05T03:00:30Z');
    await runEmergencyTests(t.app.ctx, start);
    setNow('2026-06-06T06:00:30Z');
    await runEmergencyTests(t.app.ctx, start);
    expect(asked.map((r) => (r.target.kind === 'fittings' ? r.target.ids : []))).toEqual([
      [a[0]!.id, b[0]!.id],
      [a[1]!.id, b[1]!.id],
      [a[2]!.id],
    ]);
    const runs = await t.db.select().from(emergencyTestRuns).where(eq(emergencyTestRuns.nid, network.id));
    const slots = runs.flatMap((run) =>
      run.deviceIds.map((id) => ({ id, start: run.dueAt, end: new Date(run.dueAt.getTime() + 180 * 60_000) })),
    );
    const zoneOf = (id: number) => (a.some((f) => f.id === id) ? stairs.id : hall.id);
    expect(peakPerZone(slots, zoneOf)).toBe(1);
  });

  it('grades a closed month: missed for a fitting with no valid result, once; a stopped test is no valid result', async () => {
    setNow('2026-06-20T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const [tested, stopped, offline] = await buildFittings(t.db, network.id, zone.id, 3, {
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await call(
      t.app,
      'emergencyScheduleAdd',
      { nid: network.id, name: 'Monthly', testKind: 'function', day: 1, minuteOfDay: 60 },
      owner.session,
    );
    const { start } = recordingStarter();
    setNow('2026-07-01T00:30:00Z');
    await runEmergencyTests(t.app.ctx, start);
    await buildRecord(t.db, network.id, {
      deviceId: tested!.id,
      grade: 'passed',
      endedAt: new Date('2026-07-01T00:10:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: stopped!.id,
      grade: 'stopped',
      endedAt: new Date('2026-07-01T00:20:00Z'),
    });
    // July closes at local midnight: 31 July 23:00 UTC.
    setNow('2026-07-31T22:59:00Z');
    await runEmergencyTests(t.app.ctx, start);
    const missedOf = () =>
      t.db
        .select()
        .from(emergencyTestRecords)
        .where(and(eq(emergencyTestRecords.nid, network.id), eq(emergencyTestRecords.grade, 'missed')));
    expect(await missedOf()).toEqual([]);
    setNow('2026-07-31T23:01:00Z');
    await runEmergencyTests(t.app.ctx, start);
    await runEmergencyTests(t.app.ctx, start);
    const missed = await missedOf();
    expect(missed.map((r) => r.deviceId).sort()).toEqual([stopped!.id, offline!.id].sort());
    expect(missed[0]).toMatchObject({
      kind: 'function',
      windowKind: 'monthly',
      windowStart: new Date('2026-07-01T00:00:00Z'),
      windowEnd: new Date('2026-07-31T23:00:00Z'),
      startSource: 'schedule',
    });
  });

  it('grades a closed yearly window missed for a fitting whose only duration test there was partial', async () => {
    setNow('2026-05-20T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const [full, partial] = await buildFittings(t.db, network.id, zone.id, 2, {
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await call(
      t.app,
      'emergencyScheduleAdd',
      { nid: network.id, name: 'Yearly', testKind: 'duration', day: 4, month: 6, minuteOfDay: 60 },
      owner.session,
    );
    const { start } = recordingStarter();
    setNow('2026-06-04T00:30:00Z');
    await runEmergencyTests(t.app.ctx, start);
    const duration = { kind: 'duration', grade: 'passed', ratedMinutes: 180 };
    await buildRecord(t.db, network.id, {
      ...duration,
      deviceId: full!.id,
      achievedMinutes: 180,
      endedAt: new Date('2026-06-04T03:10:00Z'),
    });
    await buildRecord(t.db, network.id, {
      ...duration,
      deviceId: partial!.id,
      achievedMinutes: 2,
      partial: true,
      endedAt: new Date('2026-06-04T00:10:00Z'),
    });
    // June closes at local midnight: 30 June 23:00 UTC.
    setNow('2026-06-30T23:01:00Z');
    await runEmergencyTests(t.app.ctx, start);
    const missed = await t.db
      .select()
      .from(emergencyTestRecords)
      .where(and(eq(emergencyTestRecords.nid, network.id), eq(emergencyTestRecords.grade, 'missed')));
    expect(missed.map((r) => [r.deviceId, r.kind, r.windowKind])).toEqual([[partial!.id, 'duration', 'yearly']]);
  });

  it('books a retest when mains loss voided a test, and starts it once mains is back', async () => {
    setNow('2026-08-10T12:00:00Z');
    const { network } = await londonNetwork(t);
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const [fitting] = await buildFittings(t.db, network.id, zone.id, 1);
    await t.db
      .update(emergencyFittings)
      .set({ mainsPresent: false })
      .where(eq(emergencyFittings.deviceId, fitting!.id));
    await buildRecord(t.db, network.id, {
      deviceId: fitting!.id,
      grade: 'voided',
      retestBooked: true,
      endedAt: new Date('2026-08-10T11:58:00Z'),
      createdAt: new Date('2026-08-10T11:58:00Z'),
    });
    const { asked, start } = recordingStarter(network.id);
    await runEmergencyTests(t.app.ctx, start);
    expect(asked).toEqual([]);
    const [state] = await t.db.select().from(emergencyFittings).where(eq(emergencyFittings.deviceId, fitting!.id));
    expect(state).toMatchObject({ retestKind: 'function' });
    await t.db.update(emergencyFittings).set({ mainsPresent: true }).where(eq(emergencyFittings.deviceId, fitting!.id));
    await runEmergencyTests(t.app.ctx, start);
    await runEmergencyTests(t.app.ctx, start);
    expect(asked).toEqual([
      expect.objectContaining({
        target: { kind: 'fittings', ids: [fitting!.id] },
        action: 'functionTest',
        retest: true,
      }),
    ]);
  });
});

describeApi('the emergency self-test job tries a fitting again while its window is open', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const setNow = (iso: string) => {
    t.clock.offsetMs = new Date(iso).getTime() - Date.now();
  };
  const addSchedule = async (session: Parameters<typeof call>[3], payload: Record<string, unknown>) =>
    (await call(t.app, 'emergencyScheduleAdd', payload, session)).body.data as EmergencySchedule;
  const recordsOf = (nid: number) =>
    t.db
      .select()
      .from(emergencyTestRecords)
      .where(eq(emergencyTestRecords.nid, nid))
      .orderBy(asc(emergencyTestRecords.id));

  it('starts the test of a fitting offline at the window once it is back, once, and grades it late', async () => {
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
      name: 'Yearly',
      testKind: 'duration',
      day: 4,
      month: 6,
      minuteOfDay: 60,
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

const describeTwoProcesses = await describeDeployment();

describeTwoProcesses('the emergency self-test job with two server processes', () => {
  let drop: () => Promise<void>;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const database = await createPgDatabase();
    drop = database.drop;
    a = await buildTestApp({}, { databaseUrl: database.url });
    b = await buildTestApp({}, { databaseUrl: database.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  it('starts each batch once and grades each window once, however the processes race', async () => {
    for (const app of [a, b]) app.clock.offsetMs = new Date('2026-03-20T12:00:00Z').getTime() - Date.now();
    const { owner, network } = await londonNetwork(a);
    const zone = await buildZone(a.db, network.id, 'Stairs');
    await buildFittings(a.db, network.id, zone.id, 4, { createdAt: new Date('2026-01-01T00:00:00Z') });
    await call(
      a.app,
      'emergencyScheduleAdd',
      { nid: network.id, name: 'Monthly', testKind: 'function', day: 3, minuteOfDay: 600 },
      owner.session,
    );
    const { asked, start } = recordingStarter();
    for (const app of [a, b]) app.clock.offsetMs = new Date('2026-04-03T09:00:30Z').getTime() - Date.now();
    await Promise.all([runEmergencyTests(a.app.ctx, start), runEmergencyTests(b.app.ctx, start)]);
    await Promise.all([runEmergencyTests(a.app.ctx, start), runEmergencyTests(b.app.ctx, start)]);
    expect(asked).toHaveLength(1);
    for (const app of [a, b]) app.clock.offsetMs = new Date('2026-04-30T23:05:00Z').getTime() - Date.now();
    await Promise.all([runEmergencyTests(a.app.ctx, start), runEmergencyTests(b.app.ctx, start)]);
    const missed = await a.db.select().from(emergencyTestRecords).where(eq(emergencyTestRecords.nid, network.id));
    expect(missed).toHaveLength(4);
  });

  it('tries a fitting that is back once, however the processes race', async () => {
    for (const app of [a, b]) app.clock.offsetMs = new Date('2026-09-20T12:00:00Z').getTime() - Date.now();
    const { owner, network } = await londonNetwork(a);
    const zone = await buildZone(a.db, network.id, 'Stairs');
    const [away] = await buildFittings(a.db, network.id, zone.id, 1, { createdAt: new Date('2026-01-01T00:00:00Z') });
    await a.db.update(devices).set({ online: false }).where(eq(devices.id, away!.id));
    await call(
      a.app,
      'emergencyScheduleAdd',
      { nid: network.id, name: 'Monthly', testKind: 'function', day: 3, minuteOfDay: 600 },
      owner.session,
    );
    const gateway = await promptGateway(a, network.id);
    const both = async (iso: string) => {
      for (const app of [a, b]) app.clock.offsetMs = new Date(iso).getTime() - Date.now();
      await Promise.all([runEmergencyTests(a.app.ctx, gateway.start), runEmergencyTests(b.app.ctx, gateway.start)]);
    };
    await both('2026-10-03T09:00:30Z');
    await a.db.update(devices).set({ online: true }).where(eq(devices.id, away!.id));
    await both('2026-10-04T09:00:00Z');
    await both('2026-10-04T09:01:00Z');
    // Nothing reached it at the window's start (the batch was refused: no fitting online); one try since.
    expect(gateway.sent.map((r) => r.target)).toEqual([{ kind: 'fittings', ids: [away!.id] }]);
  });

  it('sends a fault e-mail once per recipient when both processes sweep at the same time', async () => {
    const { owner, network } = await networkTeam(a);
    const zone = await buildZone(a.db, network.id, 'Stairs');
    const [fitting] = await buildFittings(a.db, network.id, zone.id, 1);
    const email = `both-${network.id}@example.com`;
    await a.db.insert(projectRecipients).values({
      pid: owner.pid,
      email,
      language: 0,
      kinds: ['emergencyFault'],
      tokenHash: `both-${network.id}`,
      linkExpiresAt: new Date(Date.now() + 86_400_000),
      activatedAt: new Date(),
    });
    for (const app of [a, b]) app.clock.offsetMs = 0;
    await buildFault(a.db, network.id, owner.pid, fitting!.id, 8, new Date());
    await Promise.all([sweepEmergencyFaults(a.app.ctx), sweepEmergencyFaults(b.app.ctx)]);
    await Promise.all([sweepEmergencyFaults(a.app.ctx), sweepEmergencyFaults(b.app.ctx)]);
    expect(await a.db.select().from(outbox).where(eq(outbox.toAddress, email))).toHaveLength(1);
  });
});
