import {
  Code,
  type EmergencyElement,
  type EmergencySchedule,
  type ScheduleReport,
  type TestRecord,
} from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, type TestApp } from '../../../test/helpers.ts';
import { emergencySchedules, emergencyTestRecords } from '../../db/schema.ts';
import { buildRecord } from './test-fittings.ts';
import { london as londonSite, monthly, s, setNow as setClock } from './test-site.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const setNow = (iso: string) => setClock(t, iso);
const london = () => londonSite(t);

describeApi('emergency self-test schedules', () => {
  it('adds, lists with the next window in the site zone across a DST change, updates and deletes (owner, installer)', async () => {
    setNow('2026-03-10T12:00:00Z');
    const { owner, installer, sub, network } = await london();
    const added = await call(t.app, 'emergencyScheduleAdd', { nid: network.id, ...monthly }, owner.session);
    expect(added.body.code).toBe(0);
    const schedule = added.body.data as EmergencySchedule;
    // 3 April 2026 10:00 BST = 09:00 UTC (London moved to summer time on 29 March).
    expect(schedule.nextRun).toBe(s('2026-04-03T09:00:00Z'));
    expect(schedule).toMatchObject({ maxDelayMinutes: 15, stagger: 'zone', target: { kind: 'network' } });
    const listed = await call(t.app, 'emergencyScheduleList', { nid: network.id }, sub.session);
    expect(listed.body).toMatchObject({ code: 0, data: { timeZone: 'Europe/London', list: [{ id: schedule.id }] } });
    const yearly = {
      name: 'Yearly',
      testKind: 'duration',
      day: 10,
      month: 11,
      minuteOfDay: 120,
      durationKind: 'custom',
      durationMinutes: 60,
      stagger: 'alternate',
    };
    const updated = await call(
      t.app,
      'emergencyScheduleUpdate',
      { scheduleId: schedule.id, ...yearly },
      installer.session,
    );
    expect(updated.body.data).toMatchObject({
      testKind: 'duration',
      month: 11,
      durationMinutes: 60,
      stagger: 'alternate',
    });
    // 10 November 2026 02:00 GMT.
    expect((updated.body.data as EmergencySchedule).nextRun).toBe(s('2026-11-10T02:00:00Z'));
    expect((await call(t.app, 'emergencyScheduleDelete', { scheduleId: schedule.id }, owner.session)).body.code).toBe(
      0,
    );
    expect((await call(t.app, 'emergencyScheduleList', { nid: network.id }, owner.session)).body.code).toBe(
      Code.emptyList,
    );
  });

  it('refuses bad input, a yearly test without a month, a custom test without minutes and a foreign target', async () => {
    const { owner, network } = await london();
    const other = await london();
    const bad = async (extra: Record<string, unknown>) =>
      (await call(t.app, 'emergencyScheduleAdd', { nid: network.id, ...monthly, ...extra }, owner.session)).body.code;
    expect(await bad({ day: 29 })).toBe(Code.badInput);
    expect(await bad({ maxDelayMinutes: 16 })).toBe(Code.badInput);
    expect(await bad({ testKind: 'duration' })).toBe(Code.badInput);
    expect(await bad({ testKind: 'duration', month: 5, durationKind: 'custom' })).toBe(Code.badInput);
    expect(await bad({ target: { kind: 'zone', ids: [other.stairs.id] } })).toBe(Code.noDeviceSelected);
    expect(await t.db.select().from(emergencySchedules).where(eq(emergencySchedules.nid, network.id))).toEqual([]);
  });

  it('lets sub-users and strangers read or change nothing they may not (1013)', async () => {
    const { owner, sub, stranger, network } = await london();
    const added = (await call(t.app, 'emergencyScheduleAdd', { nid: network.id, ...monthly }, owner.session)).body
      .data as EmergencySchedule;
    expect((await call(t.app, 'emergencyScheduleAdd', { nid: network.id, ...monthly }, sub.session)).body.code).toBe(
      Code.noPermission,
    );
    expect(
      (await call(t.app, 'emergencyScheduleUpdate', { scheduleId: added.id, ...monthly }, sub.session)).body.code,
    ).toBe(Code.noPermission);
    expect((await call(t.app, 'emergencyScheduleDelete', { scheduleId: added.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'emergencyScheduleList', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'emergencyScheduleDelete', { scheduleId: 999_999 }, owner.session)).body.code).toBe(
      Code.noPermission,
    );
  });
});

describeApi('emergency element info, logs and schedule report', () => {
  it('lists fittings with last results, next check (N/A without a monthly schedule) and overdue', async () => {
    setNow('2026-03-10T12:00:00Z');
    const { owner, sub, stranger, network, fittings } = await london();
    const [a, b] = fittings;
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      grade: 'passed',
      endedAt: new Date('2026-03-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      kind: 'duration',
      grade: 'failed',
      failureBits: 2,
      achievedMinutes: 100,
      ratedMinutes: 180,
      endedAt: new Date('2026-02-10T05:00:00Z'),
    });
    let list = await call(t.app, 'emergencyElementList', { nid: network.id }, sub.session);
    expect(list.body.code).toBe(0);
    let elements = (list.body.data as { list: EmergencyElement[] }).list;
    const first = elements.find((e) => e.deviceId === a!.id)!;
    expect(first).toMatchObject({
      zoneName: 'Stairs',
      emergencyType: 1,
      batteryPercent: 100,
      nextCheck: null,
      lastFunction: { grade: 'passed' },
      lastDuration: { grade: 'failed', achievedMinutes: 100, ratedMinutes: 180, reasons: ['batteryDuration'] },
      // A failed duration test is no pass, but the yearly test is due 395 days after installation.
      overdue: false,
      overdueKinds: [],
    });
    // Installed 1 December, never tested: over 35 days → overdue for the monthly test.
    expect(elements.find((e) => e.deviceId === b!.id)).toMatchObject({ overdue: true, overdueKinds: ['function'] });
    await call(t.app, 'emergencyScheduleAdd', { nid: network.id, ...monthly }, owner.session);
    list = await call(t.app, 'emergencyElementList', { nid: network.id, filter: 'overdue' }, owner.session);
    elements = (list.body.data as { list: EmergencyElement[] }).list;
    expect(elements.map((e) => e.deviceId)).toEqual([b!.id]);
    expect(elements[0]!.nextCheck).toBe(s('2026-04-03T09:00:00Z'));
    const none = await call(t.app, 'emergencyElementList', { nid: network.id, filter: 'offline' }, owner.session);
    expect(none.body.code).toBe(Code.emptyList);
    expect((await call(t.app, 'emergencyElementList', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect((await call(t.app, 'emergencyElementList', { nid: network.id, pageSize: 0 }, owner.session)).body.code).toBe(
      Code.badInput,
    );
  });

  it('grades every closed month of the schedule report: a valid result, else missed, never blank', async () => {
    setNow('2026-04-15T12:00:00Z');
    const { sub, network, fittings } = await london();
    const [a, b] = fittings;
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      grade: 'passed',
      endedAt: new Date('2026-01-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      grade: 'stopped',
      endedAt: new Date('2026-02-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: a!.id,
      grade: 'passedLate',
      endedAt: new Date('2026-03-31T23:30:00Z'), // 1 April 00:30 BST: counts for April
    });
    await buildRecord(t.db, network.id, {
      deviceId: b!.id,
      grade: 'failed',
      failureBits: 8,
      endedAt: new Date('2026-03-03T10:05:00Z'),
    });
    const reply = await call(t.app, 'emergencyScheduleReport', { nid: network.id, year: 2026 }, sub.session);
    expect(reply.body.code).toBe(0);
    const report = reply.body.data as ScheduleReport;
    const row = (id: number) => report.rows.find((r) => r.deviceId === id)!;
    expect(row(a!.id).monthly.map((c) => c.grade)).toEqual([
      'passed',
      'missed',
      'missed',
      'passedLate',
      ...Array(8).fill(null),
    ]);
    expect(
      row(b!.id)
        .monthly.slice(0, 4)
        .map((c) => c.grade),
    ).toEqual(['missed', 'missed', 'failed', null]);
    expect(row(a!.id).yearly.grade).toBeNull();
    const last = await call(t.app, 'emergencyScheduleReport', { nid: network.id, year: 2025 }, sub.session);
    // Installed 1 December 2025: December closed without a test → missed; the year's duration test too.
    expect((last.body.data as ScheduleReport).rows[0]!.monthly[11]!.grade).toBe('missed');
    expect((last.body.data as ScheduleReport).rows[0]!.monthly[10]!.grade).toBeNull();
  });

  it('answers the test log newest first with filters, and corrects a record by a new one referencing it', async () => {
    setNow('2026-04-15T12:00:00Z');
    const { owner, sub, stranger, network, fittings } = await london();
    const old = await buildRecord(t.db, network.id, {
      deviceId: fittings[0]!.id,
      grade: 'failed',
      endedAt: new Date('2026-03-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: fittings[1]!.id,
      grade: 'passed',
      endedAt: new Date('2026-04-03T10:05:00Z'),
    });
    const log = await call(t.app, 'emergencyTestLog', { nid: network.id }, sub.session);
    expect((log.body.data as { list: TestRecord[] }).list.map((r) => r.grade)).toEqual(['passed', 'failed']);
    const failed = await call(t.app, 'emergencyTestLog', { nid: network.id, grade: 'failed' }, sub.session);
    expect((failed.body.data as { total: number }).total).toBe(1);
    const bad = await call(t.app, 'emergencyTestLog', { nid: network.id, from: 200, to: 100 }, sub.session);
    expect(bad.body.code).toBe(Code.badInput);
    expect((await call(t.app, 'emergencyTestLog', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    expect(
      (await call(t.app, 'emergencyTestCorrect', { recordId: old.id, remark: 'lamp was replaced' }, sub.session)).body
        .code,
    ).toBe(Code.noPermission);
    const corrected = await call(
      t.app,
      'emergencyTestCorrect',
      { recordId: old.id, remark: 'lamp was replaced' },
      owner.session,
    );
    expect(corrected.body.data).toMatchObject({ correctsId: old.id, grade: 'failed', remark: 'lamp was replaced' });
    const [still] = await t.db.select().from(emergencyTestRecords).where(eq(emergencyTestRecords.id, old.id));
    expect(still).toEqual(old);
    expect((await call(t.app, 'emergencyTestCorrect', { recordId: old.id, remark: '' }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    expect((await call(t.app, 'emergencyModeLog', { nid: network.id }, sub.session)).body.code).toBe(Code.emptyList);
  });

  it('sums overdue fittings per network and project for /first/index and the network overview', async () => {
    setNow('2026-04-15T12:00:00Z');
    const { owner, stranger, network, fittings } = await london();
    await buildRecord(t.db, network.id, {
      deviceId: fittings[0]!.id,
      grade: 'passed',
      endedAt: new Date('2026-04-03T10:05:00Z'),
    });
    await buildRecord(t.db, network.id, {
      deviceId: fittings[0]!.id,
      kind: 'duration',
      grade: 'passed',
      endedAt: new Date('2026-04-04T10:05:00Z'),
    });
    const reply = await call(t.app, 'emergencyOverdueSummary', { nid: network.id }, owner.session);
    expect(reply.body.data).toMatchObject({
      networks: [{ nid: network.id, fittings: 2, overdue: 1, overdueFunction: 1, overdueDuration: 0, failed: 0 }],
      totals: { fittings: 2, overdue: 1 },
    });
    const all = await call(t.app, 'emergencyOverdueSummary', {}, owner.session);
    expect((all.body.data as { networks: { nid: number }[] }).networks.map((n) => n.nid)).toContain(network.id);
    expect((await call(t.app, 'emergencyOverdueSummary', { nid: network.id }, stranger.session)).body.code).toBe(
      Code.noPermission,
    );
    const strangers = await call(t.app, 'emergencyOverdueSummary', {}, stranger.session);
    expect(strangers.body.data).toMatchObject({ networks: [], totals: { fittings: 0 } });
  });
});
