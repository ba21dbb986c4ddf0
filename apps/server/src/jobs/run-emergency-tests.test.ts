import { peakPerZone } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi } from '../../test/helpers.ts';
import { emergencyFittings, emergencyTestRecords, emergencyTestRuns } from '../db/schema.ts';
import { buildFittings, buildRecord, buildZone } from '../routes/emergency/test-fittings.ts';
import { londonNetwork, recordingStarter, useJobApp, YEARLY_ON_4_JUNE } from './emergency-tests/test-job.ts';
import { runEmergencyTests } from './run-emergency-tests.ts';

describeApi('the emergency self-test job', () => {
  const fixture = useJobApp();
  const { setNow, addSchedule } = fixture;

  it('starts the monthly function test at its local time across the DST change, once, by its schedule', async () => {
    const { t } = fixture;
    setNow('2026-03-20T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const fittings = await buildFittings(t.db, network.id, zone.id, 3, { createdAt: new Date('2026-01-01T00:00:00Z') });
    const schedule = await addSchedule(owner.session, {
      nid: network.id,
      name: 'Monthly',
      testKind: 'function',
      day: 3,
      minuteOfDay: 600,
      maxDelayMinutes: 10,
    });
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
    const { t } = fixture;
    setNow('2026-05-01T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const stairs = await buildZone(t.db, network.id, 'Stairs');
    const hall = await buildZone(t.db, network.id, 'Hall');
    const created = { createdAt: new Date('2026-01-01T00:00:00Z') };
    const a = await buildFittings(t.db, network.id, stairs.id, 3, { ...created, ratedMinutes: 180 });
    const b = await buildFittings(t.db, network.id, hall.id, 2, { ...created, ratedMinutes: 60 });
    await addSchedule(owner.session, {
      nid: network.id,
      ...YEARLY_ON_4_JUNE,
      durationKind: 'preset',
    });
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
    const { t } = fixture;
    setNow('2026-06-20T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const [tested, stopped, offline] = await buildFittings(t.db, network.id, zone.id, 3, {
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await addSchedule(owner.session, {
      nid: network.id,
      name: 'Monthly',
      testKind: 'function',
      day: 1,
      minuteOfDay: 60,
    });
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
    const { t } = fixture;
    setNow('2026-05-20T12:00:00Z');
    const { owner, network } = await londonNetwork(t);
    const zone = await buildZone(t.db, network.id, 'Stairs');
    const [full, partial] = await buildFittings(t.db, network.id, zone.id, 2, {
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    await addSchedule(owner.session, {
      nid: network.id,
      ...YEARLY_ON_4_JUNE,
    });
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
    const { t } = fixture;
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
