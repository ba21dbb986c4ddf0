import { Code, ElementType, type EmergencyElement, type ScheduleReport, type TestRecord } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, type TestApp } from '../../../test/helpers.ts';
import {
  deviceElements,
  devices,
  emergencyFaultEntries,
  emergencyFaults,
  emergencyModeChanges,
} from '../../db/schema.ts';
import { applyReport } from '../ingest.ts';
import { fittingSite as fittingSiteOf, fittingState as fittingStateOf, records as recordsOf } from './test-site.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const fittingSite = () => fittingSiteOf(t);
const records = (deviceId: number) => recordsOf(t, deviceId);
const fittingState = (deviceId: number) => fittingStateOf(t, deviceId);

describeApi('emergency reports', () => {
  it('keep the fitting state and its mode changes; an older report does not roll the state back', async () => {
    const site = await fittingSite();
    await site.report({ mode: 0, statusBits: 8, batteryCharge: 254, mainsPresent: true, ratedDuration: 90 });
    expect(await fittingState(site.device.id)).toMatchObject({
      nid: site.nid,
      mode: 0,
      statusBits: 8,
      batteryCharge: 254,
      mainsPresent: true,
      ratedMinutes: 180,
    });
    await site.report({ mode: 8, statusBits: 32, batteryCharge: 200 });
    expect(await fittingState(site.device.id)).toMatchObject({ mode: 8, testPending: 'duration', testRunning: null });
    await site.report({ mode: 6, statusBits: 8 });
    expect(await fittingState(site.device.id)).toMatchObject({ mode: 6, testPending: null, testRunning: 'duration' });
    // A report from before the last one applied (a late redelivery) leaves the state alone.
    await applyReport(
      t.db,
      site.linked,
      { kind: 'emergency', seq: 99, mac: site.device.mac, at: site.now() - 3600, mode: 3, faultBits: 0 },
      t.clock.now(),
    );
    expect((await fittingState(site.device.id))?.mode).toBe(6);
    const changes = await t.db
      .select()
      .from(emergencyModeChanges)
      .where(eq(emergencyModeChanges.deviceId, site.device.id))
      .orderBy(emergencyModeChanges.id);
    expect(changes.map((c) => [c.fromMode, c.toMode])).toEqual([
      [null, 0],
      [0, 8],
      [8, 6],
    ]);
    expect(changes[0]).toMatchObject({ fittingName: 'Exit sign 1', location: 'Stairs', nid: site.nid });
    const [element] = await t.db.select().from(deviceElements).where(eq(deviceElements.deviceId, site.device.id));
    expect(element).toMatchObject({ mode: 6, faultBits: 0 });
  });

  it('grade a test the console started: passed, manual, by whom, its task; once per report', async () => {
    const site = await fittingSite();
    const action = await call(
      t.app,
      'emergencyAction',
      { nid: site.nid, target: { kind: 'fittings', ids: [site.device.id] }, action: 'functionTest' },
      site.owner.session,
    );
    expect(action.body.code).toBe(Code.ok);
    const { taskId } = action.body.data as { taskId: number };
    const at = site.now();
    const message = await site.report({
      mode: 0,
      statusBits: 2 | 8,
      test: {
        kind: 'function',
        taskId,
        outcome: 'done',
        startedAt: at,
        endedAt: at + 30,
        failureBits: 0,
        durationResult: null,
        delayExceeded: false,
      },
    });
    await applyReport(t.db, site.linked, message, t.clock.now());
    const [record, ...more] = await records(site.device.id);
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      kind: 'function',
      grade: 'passed',
      startSource: 'manual',
      requestedBy: site.owner.user.id,
      taskId,
      windowKind: 'none',
      fittingName: 'Exit sign 1',
      location: 'Stairs',
      networkName: site.network.name,
      gatewaySn: site.linked.sn,
      reportSeq: message.seq,
    });
    expect(await fittingState(site.device.id)).toMatchObject({ lastFunctionRecordId: record!.id, testTaskId: null });
  });

  it('grade a short duration test failed with its reasons and minutes, open one fault, and show reduced cover', async () => {
    const site = await fittingSite();
    await site.report({ mode: 0, statusBits: 8, batteryCharge: 254, ratedDuration: 90 });
    const at = site.now();
    await site.report({
      mode: 0,
      faultBits: 2 | 128,
      batteryCharge: 0,
      test: {
        kind: 'duration',
        taskId: null,
        outcome: 'done',
        startedAt: at,
        endedAt: at + 168 * 60,
        failureBits: 2 | 128,
        durationResult: 84,
        delayExceeded: false,
      },
    });
    const [record] = await records(site.device.id);
    expect(record).toMatchObject({
      grade: 'failed',
      achievedMinutes: 168,
      ratedMinutes: 180,
      failureBits: 130,
      startSource: 'fitting',
    });
    const state = await fittingState(site.device.id);
    expect(state?.reducedCoverUntil?.getTime()).toBe((at + 168 * 60 + 24 * 3600) * 1000);
    expect(state?.lastDurationRecordId).toBe(record!.id);
    // The same failure bits again open no second fault.
    await site.report({ mode: 0, faultBits: 2 | 128 });
    const faults = await t.db.select().from(emergencyFaults).where(eq(emergencyFaults.deviceId, site.device.id));
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({
      failureBits: 130,
      testRecordId: record!.id,
      emergencyType: 1,
      location: 'Stairs',
    });
    const entries = await t.db
      .select()
      .from(emergencyFaultEntries)
      .where(eq(emergencyFaultEntries.faultId, faults[0]!.id));
    expect(entries.map((e) => e.kind)).toEqual(['opened']);
  });

  it('keep a custom test shorter than rated as a partial duration test: graded, not the yearly duration test', async () => {
    const site = await fittingSite();
    // Installed two years ago: both clocks run from then.
    const installed = new Date(t.clock.now().getTime() - 730 * 86_400_000);
    await t.db.update(devices).set({ createdAt: installed }).where(eq(devices.id, site.device.id));
    await site.report({ mode: 0, statusBits: 8, batteryCharge: 254, ratedDuration: 90 });
    const action = await call(
      t.app,
      'emergencyAction',
      {
        nid: site.nid,
        target: { kind: 'fittings', ids: [site.device.id] },
        action: 'durationTest',
        durationKind: 'custom',
        durationMinutes: 2,
      },
      site.owner.session,
    );
    expect(action.body.code).toBe(Code.ok);
    const { taskId } = action.body.data as { taskId: number };
    const at = site.now();
    await site.report({
      mode: 0,
      statusBits: 4 | 8,
      test: {
        kind: 'duration',
        taskId,
        outcome: 'done',
        startedAt: at,
        endedAt: at + 120,
        failureBits: 0,
        durationResult: 1,
        delayExceeded: false,
      },
    });
    const [record] = await records(site.device.id);
    expect(record).toMatchObject({ grade: 'passed', partial: true, achievedMinutes: 2, ratedMinutes: 180 });
    const list = await call(t.app, 'emergencyElementList', { nid: site.nid }, site.owner.session);
    const [element] = (list.body.data as { list: EmergencyElement[] }).list;
    // It showed the lamp lights on battery (the month's test), not that the battery lasts 3 h.
    expect(element).toMatchObject({
      lastDuration: { grade: 'passed', partial: true, achievedMinutes: 2 },
      overdueKinds: ['duration'],
    });
    const year = new Date(record!.endedAt!.getTime()).getUTCFullYear();
    const reply = await call(t.app, 'emergencyScheduleReport', { nid: site.nid, year }, site.owner.session);
    const [row] = (reply.body.data as ScheduleReport).rows;
    expect(row!.yearly.recordId).not.toBe(record!.id);
    expect(row!.yearly.grade).not.toBe('passed');
    expect(row!.monthly.find((c) => c.recordId === record!.id)?.grade).toBe('passed');
    const log = await call(t.app, 'emergencyTestLog', { nid: site.nid }, site.owner.session);
    expect((log.body.data as { list: TestRecord[] }).list[0]).toMatchObject({ kind: 'duration', partial: true });
  });

  it('void a test on mains loss and book a retest; a stopped test names who stopped it', async () => {
    const site = await fittingSite();
    const at = site.now();
    await site.report({
      mode: 1,
      mainsPresent: false,
      test: {
        kind: 'duration',
        taskId: null,
        outcome: 'mainsLost',
        startedAt: at,
        endedAt: at + 600,
        failureBits: 0,
        durationResult: 5,
        delayExceeded: false,
      },
    });
    expect((await records(site.device.id))[0]).toMatchObject({ grade: 'voided', retestBooked: true });
    expect(await fittingState(site.device.id)).toMatchObject({ retestKind: 'duration', mainsPresent: false });

    const stop = await call(
      t.app,
      'emergencyAction',
      { nid: site.nid, target: { kind: 'network' }, action: 'stopTest' },
      site.installer.session,
    );
    expect(stop.body.code).toBe(Code.ok);
    const later = Math.floor(t.clock.now().getTime() / 1000) + 5;
    await site.report({
      mode: 0,
      test: {
        kind: 'function',
        taskId: 12345,
        outcome: 'stopped',
        startedAt: later - 10,
        endedAt: later,
        failureBits: 0,
        durationResult: null,
        delayExceeded: false,
      },
    });
    const stopped = (await records(site.device.id))[1];
    expect(stopped).toMatchObject({ grade: 'stopped', stoppedBy: site.installer.user.id, startSource: 'unknown' });
    expect(stopped?.stoppedByName).toBe(site.installer.user.name);
    expect(stopped?.stoppedAt).not.toBeNull();
  });

  it('naming a device that is no emergency fitting changes nothing', async () => {
    const site = await fittingSite();
    await t.db.delete(deviceElements).where(eq(deviceElements.deviceId, site.device.id));
    await t.db.insert(deviceElements).values({ deviceId: site.device.id, index: 0, type: ElementType.dt6 });
    await site.report({ mode: 1, faultBits: 8 });
    expect(await fittingState(site.device.id)).toBeUndefined();
    expect(await t.db.select().from(emergencyFaults).where(eq(emergencyFaults.deviceId, site.device.id))).toEqual([]);
  });

  it('a late test is graded late', async () => {
    const site = await fittingSite();
    const at = site.now();
    await site.report({
      test: {
        kind: 'function',
        taskId: null,
        outcome: 'done',
        startedAt: at,
        endedAt: at + 30,
        failureBits: 16,
        durationResult: null,
        delayExceeded: true,
      },
    });
    expect((await records(site.device.id))[0]?.grade).toBe('passedLate');
  });
});
