import {
  answeredTest,
  batteryPercent,
  type EmergencyElement,
  type EmergencyTarget,
  type EmergencyType,
  emergencyTypeOf,
  failureNames,
  type Grade,
  inhibitState,
  type LastResult,
  nextCheck,
  overdueKinds,
  type SelfTestTiming,
  statusNames,
  type TestKind,
} from '@lightwell/domain';
import { and, asc, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  deviceElements,
  devices,
  emergencyFaultEntries,
  emergencyFaults,
  emergencyFittings,
  emergencySchedules,
  emergencyTestRecords,
  groupDevices,
} from '../../db/schema.ts';
import { resolveEmergencyFittings, zonesOfDevices } from './fittings.ts';

/** Filters of the element list (`emergencyElementList`). */
export interface ElementQuery {
  nid: number;
  timeZone: string;
  filter?: 'all' | 'fault' | 'overdue' | 'offline' | 'testing' | 'inhibited';
  zoneId?: number | undefined;
  groupId?: number | undefined;
  search?: string | undefined;
}

const seconds = (date: Date | null | undefined) => (date ? Math.floor(date.getTime() / 1000) : null);

/**
 * The latest record per fitting and kind, and the latest pass per test it answers (`answeredTest`: a
 * partial duration test answers the function test); overdue counts from it.
 */
async function latestResults(db: Db, deviceIds: number[]) {
  const last = new Map<string, LastResult>();
  const lastPass = new Map<string, Date>();
  if (deviceIds.length === 0) return { last, lastPass };
  const rows = await db
    .selectDistinctOn([emergencyTestRecords.deviceId, emergencyTestRecords.kind])
    .from(emergencyTestRecords)
    .where(inArray(emergencyTestRecords.deviceId, deviceIds))
    .orderBy(emergencyTestRecords.deviceId, emergencyTestRecords.kind, desc(emergencyTestRecords.id));
  for (const row of rows) {
    last.set(`${row.deviceId}:${row.kind}`, {
      recordId: row.id,
      grade: row.grade as Grade,
      at: seconds(row.endedAt ?? row.windowEnd ?? row.createdAt)!,
      achievedMinutes: row.achievedMinutes,
      ratedMinutes: row.ratedMinutes,
      partial: row.partial,
      reasons: failureNames(row.failureBits),
    });
  }
  const passes = await db
    .select({
      deviceId: emergencyTestRecords.deviceId,
      kind: emergencyTestRecords.kind,
      partial: emergencyTestRecords.partial,
      at: sql<Date>`max(coalesce(${emergencyTestRecords.endedAt}, ${emergencyTestRecords.createdAt}))`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(emergencyTestRecords)
    .where(
      and(
        inArray(emergencyTestRecords.deviceId, deviceIds),
        inArray(emergencyTestRecords.grade, ['passed', 'passedLate']),
      ),
    )
    .groupBy(emergencyTestRecords.deviceId, emergencyTestRecords.kind, emergencyTestRecords.partial);
  // A partial duration test resets the function-test clock only (`answeredTest`).
  for (const pass of passes) {
    const key = `${pass.deviceId}:${answeredTest({ kind: pass.kind as TestKind, partial: pass.partial })}`;
    const before = lastPass.get(key);
    if (!before || pass.at > before) lastPass.set(key, pass.at);
  }
  return { last, lastPass };
}

/** Open faults (no `closed` entry) per fitting. */
export async function openFaultCounts(db: Db, deviceIds: number[]): Promise<Map<number, number>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .select({ deviceId: emergencyFaults.deviceId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(emergencyFaults)
    .where(
      and(
        inArray(emergencyFaults.deviceId, deviceIds),
        notExists(
          db
            .select({ one: sql`1` })
            .from(emergencyFaultEntries)
            .where(
              and(eq(emergencyFaultEntries.faultId, emergencyFaults.id), eq(emergencyFaultEntries.kind, 'closed')),
            ),
        ),
      ),
    )
    .groupBy(emergencyFaults.deviceId);
  return new Map(rows.map((row) => [row.deviceId!, row.count]));
}

/** Each fitting's enabled self-test schedules (by the schedule's target). */
async function schedulesByFitting(db: Db, nid: number, deviceIds: number[]): Promise<Map<number, SelfTestTiming[]>> {
  const rows = await db
    .select()
    .from(emergencySchedules)
    .where(and(eq(emergencySchedules.nid, nid), eq(emergencySchedules.enabled, true)))
    .orderBy(asc(emergencySchedules.id));
  const out = new Map<number, SelfTestTiming[]>();
  const wanted = new Set(deviceIds);
  for (const row of rows) {
    let covered: number[];
    try {
      covered = await resolveEmergencyFittings(db, nid, row.target as EmergencyTarget);
    } catch {
      // A schedule whose zone or group is gone covers nothing.
      covered = [];
    }
    const timing: SelfTestTiming = {
      testKind: row.testKind as TestKind,
      day: row.day,
      month: row.month,
      minuteOfDay: row.minuteOfDay,
    };
    for (const id of covered) {
      if (!wanted.has(id)) continue;
      const list = out.get(id) ?? [];
      list.push(timing);
      out.set(id, list);
    }
  }
  return out;
}

/**
 * The emergency fittings of a network as `/emergency/index` shows them (`EmergencyElement`): device,
 * zone, emergency type, state last reported, last function and duration results, next check (spec
 * section 4, from the schedules that cover the fitting; null shows N/A), reduced cover, inhibit (lapsed
 * when the fitting's timer ran out unrenewed), pending or running test, open faults and overdue tests.
 * Filtered and ordered by name; the caller pages.
 */
export async function loadEmergencyElements(db: Db, query: ElementQuery, now: Date): Promise<EmergencyElement[]> {
  let ids = await resolveEmergencyFittings(db, query.nid, { kind: 'network' });
  if (query.zoneId !== undefined) {
    const zoneOf = await zonesOfDevices(db, query.nid, ids);
    ids = ids.filter((id) => zoneOf.get(id)?.zoneId === query.zoneId);
  }
  if (query.groupId !== undefined && ids.length > 0) {
    const members = await db
      .select({ id: groupDevices.deviceId })
      .from(groupDevices)
      .where(and(eq(groupDevices.groupId, query.groupId), inArray(groupDevices.deviceId, ids)));
    const set = new Set(members.map((m) => m.id));
    ids = ids.filter((id) => set.has(id));
  }
  if (ids.length === 0) return [];
  const rows = await db
    .select({ device: devices, state: emergencyFittings })
    .from(devices)
    .leftJoin(emergencyFittings, eq(emergencyFittings.deviceId, devices.id))
    .where(inArray(devices.id, ids))
    .orderBy(asc(devices.name), asc(devices.id));
  const elementTypes = await db
    .select({ deviceId: deviceElements.deviceId, type: deviceElements.type })
    .from(deviceElements)
    .where(inArray(deviceElements.deviceId, ids));
  const typesOf = new Map<number, number[]>();
  for (const row of elementTypes) typesOf.set(row.deviceId, [...(typesOf.get(row.deviceId) ?? []), row.type]);
  const zoneOf = await zonesOfDevices(db, query.nid, ids);
  const { last, lastPass } = await latestResults(db, ids);
  const faults = await openFaultCounts(db, ids);
  const timings = await schedulesByFitting(db, query.nid, ids);
  const search = query.search?.trim().toLowerCase() ?? '';
  const elements = rows.map(({ device, state }) => {
    const overdue = overdueKinds(
      {
        lastFunctionPass: lastPass.get(`${device.id}:function`) ?? null,
        lastDurationPass: lastPass.get(`${device.id}:duration`) ?? null,
        since: device.createdAt,
      },
      now,
    );
    const inhibit = inhibitState(
      { until: state?.inhibitUntil ?? null, timerEnd: state?.inhibitExpiresAt ?? null },
      now,
    );
    const reduced =
      state?.reducedCoverUntil && state.reducedCoverUntil.getTime() > now.getTime() ? state.reducedCoverUntil : null;
    const element: EmergencyElement = {
      deviceId: device.id,
      name: device.name,
      mac: device.mac,
      zoneId: zoneOf.get(device.id)?.zoneId ?? null,
      zoneName: zoneOf.get(device.id)?.zoneName ?? null,
      emergencyType: (emergencyTypeOf(typesOf.get(device.id) ?? []) || 1) as EmergencyType,
      online: device.online,
      mode: state?.mode ?? null,
      batteryPercent: batteryPercent(state?.batteryCharge ?? 255),
      mainsPresent: state?.mainsPresent ?? null,
      statusBits: state?.statusBits ?? 0,
      status: statusNames(state?.statusBits ?? 0),
      failureBits: state?.failureBits ?? 0,
      failures: failureNames(state?.failureBits ?? 0),
      ratedMinutes: state?.ratedMinutes ?? null,
      lastFunction: last.get(`${device.id}:function`) ?? null,
      lastDuration: last.get(`${device.id}:duration`) ?? null,
      nextCheck: seconds(nextCheck(timings.get(device.id) ?? [], now, query.timeZone)),
      reducedCoverUntil: seconds(reduced),
      inhibitUntil: inhibit === 'none' ? null : seconds(state?.inhibitUntil),
      inhibitLapsed: inhibit === 'lapsed',
      testPending: (state?.testPending as TestKind | null) ?? null,
      testRunning: (state?.testRunning as TestKind | null) ?? null,
      openFaults: faults.get(device.id) ?? 0,
      overdue: overdue.length > 0,
      overdueKinds: overdue,
      lastReport: seconds(state?.lastReportAt),
    };
    return element;
  });
  return elements.filter((element) => {
    if (search && !element.name.toLowerCase().includes(search) && !element.mac.toLowerCase().includes(search))
      return false;
    switch (query.filter ?? 'all') {
      case 'fault':
        return element.failureBits !== 0 || element.openFaults > 0;
      case 'overdue':
        return element.overdue;
      case 'offline':
        return !element.online;
      case 'testing':
        return element.testPending !== null || element.testRunning !== null;
      case 'inhibited':
        return element.inhibitUntil !== null;
      default:
        return true;
    }
  });
}
