import { ElementType, nextCheck } from '@lightwell/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, networkTeam, type TestApp } from '../../../test/helpers.ts';
import {
  deviceElements,
  devices,
  emergencyFaults,
  emergencyFittings,
  emergencySchedules,
  emergencyTestRecords,
  nodes,
  zones,
} from '../../db/schema.ts';
import { loadEmergencyElements } from './elements.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

describeApi('the element list of /emergency/index', () => {
  it('composes state, last results, next check, inhibit, faults and overdue per fitting, and filters them', async () => {
    const { network } = await networkTeam(t);
    const nid = network.id;
    const now = t.clock.now();
    const [stairs, hall] = await t.db
      .insert(zones)
      .values(
        ['Stairs', 'Hall'].map((name) => ({
          nid,
          name,
          points: [
            { x: 0, y: 0 },
            { x: 9, y: 0 },
            { x: 9, y: 9 },
          ],
        })),
      )
      .returning();
    const [a, b, lamp] = await t.db
      .insert(devices)
      .values([
        {
          nid,
          kind: 'emergency',
          name: 'A stairs exit',
          model: 'EM',
          mac: `EA${String(nid).padStart(10, '0')}`,
          online: true,
        },
        {
          nid,
          kind: 'emergency',
          name: 'B hall exit',
          model: 'EM',
          mac: `EB${String(nid).padStart(10, '0')}`,
          online: false,
          createdAt: new Date(now.getTime() - 400 * DAY),
        },
        { nid, kind: 'luminaire', name: 'Lamp', model: 'L', mac: `EC${String(nid).padStart(10, '0')}`, online: true },
      ])
      .returning();
    await t.db.insert(deviceElements).values([
      { deviceId: a!.id, index: 0, type: ElementType.emergencyOne },
      { deviceId: b!.id, index: 0, type: ElementType.emergencyTwo },
      { deviceId: lamp!.id, index: 0, type: ElementType.dt6 },
    ]);
    await t.db.insert(nodes).values([
      { nid, zoneId: stairs!.id, rid: a!.id, name: 'A' },
      { nid, zoneId: hall!.id, rid: b!.id, name: 'B' },
      { nid, zoneId: stairs!.id, vid: lamp!.id, name: 'Lamp' },
    ]);
    await t.db.insert(emergencyFittings).values([
      { deviceId: a!.id, nid, mode: 0, statusBits: 2 | 8, batteryCharge: 254, mainsPresent: true, ratedMinutes: 180 },
      {
        deviceId: b!.id,
        nid,
        mode: 3,
        statusBits: 1,
        failureBits: 2 | 128,
        batteryCharge: 127,
        inhibitUntil: new Date(now.getTime() + 30 * 60_000),
        inhibitExpiresAt: new Date(now.getTime() - 60_000),
        reducedCoverUntil: new Date(now.getTime() + 3_600_000),
      },
    ]);
    const base = {
      nid,
      networkName: network.name,
      fittingName: 'x',
      mac: 'x',
      timeZone: 'Europe/London',
      startSource: 'manual',
      endedAt: new Date(now.getTime() - DAY),
    };
    const [passed, failed] = await t.db
      .insert(emergencyTestRecords)
      .values([
        { ...base, deviceId: a!.id, kind: 'function', grade: 'passed' },
        {
          ...base,
          deviceId: b!.id,
          kind: 'duration',
          grade: 'failed',
          failureBits: 130,
          achievedMinutes: 168,
          ratedMinutes: 180,
        },
      ])
      .returning();
    await t.db.insert(emergencyFaults).values({
      nid,
      networkName: network.name,
      deviceId: b!.id,
      mac: b!.mac,
      fittingName: b!.name,
      emergencyType: 2,
      failureBits: 130,
      openedAt: now,
      timeZone: 'Europe/London',
    });
    const timing = { testKind: 'function' as const, day: 10, month: null, minuteOfDay: 600 };
    await t.db
      .insert(emergencySchedules)
      .values({ nid, name: 'Monthly stairs', ...timing, target: { kind: 'zone', ids: [stairs!.id] } });

    const list = await loadEmergencyElements(t.db, { nid, timeZone: 'Europe/London' }, now);
    expect(list.map((e) => e.name)).toEqual(['A stairs exit', 'B hall exit']);
    const [ea, eb] = list;
    expect(ea).toMatchObject({
      zoneName: 'Stairs',
      emergencyType: 1,
      batteryPercent: 100,
      status: ['functionTestDone', 'batteryFull'],
      lastFunction: { recordId: passed!.id, grade: 'passed' },
      lastDuration: null,
      openFaults: 0,
      overdue: false,
      inhibitUntil: null,
      inhibitLapsed: false,
    });
    expect(ea!.nextCheck).toBe(Math.floor(nextCheck([timing], now, 'Europe/London')!.getTime() / 1000));
    expect(eb).toMatchObject({
      zoneName: 'Hall',
      emergencyType: 2,
      online: false,
      batteryPercent: 50,
      failures: ['batteryDuration', 'durationTestFailed'],
      lastDuration: {
        recordId: failed!.id,
        grade: 'failed',
        achievedMinutes: 168,
        ratedMinutes: 180,
        reasons: ['batteryDuration', 'durationTestFailed'],
      },
      nextCheck: null,
      inhibitLapsed: true,
      inhibitUntil: Math.floor(now.getTime() / 1000) + 30 * 60,
      reducedCoverUntil: Math.floor(now.getTime() / 1000) + 3600,
      openFaults: 1,
      overdue: true,
      overdueKinds: ['function', 'duration'],
    });

    const names = async (query: Partial<Parameters<typeof loadEmergencyElements>[1]>) =>
      (await loadEmergencyElements(t.db, { nid, timeZone: 'Europe/London', ...query }, now)).map((e) => e.name);
    expect(await names({ filter: 'fault' })).toEqual(['B hall exit']);
    expect(await names({ filter: 'overdue' })).toEqual(['B hall exit']);
    expect(await names({ filter: 'offline' })).toEqual(['B hall exit']);
    expect(await names({ filter: 'inhibited' })).toEqual(['B hall exit']);
    expect(await names({ filter: 'testing' })).toEqual([]);
    expect(await names({ zoneId: stairs!.id })).toEqual(['A stairs exit']);
    expect(await names({ search: 'HALL' })).toEqual(['B hall exit']);
    expect(await names({ search: a!.mac.toLowerCase() })).toEqual(['A stairs exit']);
  });
});
