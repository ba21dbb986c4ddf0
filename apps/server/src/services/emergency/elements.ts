import {
  answeredTest,
  batteryPercent,
  type EmergencyElement,
  type EmergencyTarget,
  type EmergencyType,
  emergencyTypeOf,
  type FittingWindow,
  failureNames,
  type Grade,
  inhibitState,
  type LastResult,
  missedWindows,
  nextCheck,
  OVERDUE_DAYS,
  overdueKinds,
  type SelfTestTiming,
  statusNames,
  type TestKind,
  VALID_GRADES,
  type WindowResult,
  windowsBetween,
} from '@lightwell/domain';
import { and, asc, desc, eq, gte, inArray, notExists, or, sql } from 'drizzle-orm';
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
import { testTime } from './records.ts';

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

/** A self-test schedule's timing and since when it exists (it has no window before). */
type ScheduleTiming = SelfTestTiming & { createdAt: Date };

/** Each fitting's enabled self-test schedules (by the schedule's target). */
async function schedulesByFitting(db: Db, nid: number, deviceIds: number[]): Promise<Map<number, ScheduleTiming[]>> {
  const rows = await db
    .select()
    .from(emergencySchedules)
    .where(and(eq(emergencySchedules.nid, nid), eq(emergencySchedules.enabled, true)))
    .orderBy(asc(emergencySchedules.id));
  const out = new Map<number, ScheduleTiming[]>();
  const wanted = new Set(deviceIds);
  for (const row of rows) {
    let covered: number[];
    try {
      covered = await resolveEmergencyFittings(db, nid, row.target as EmergencyTarget);
    } catch {
      // A schedule whose zone or group is gone covers nothing.
      covered = [];
    }
    const timing: ScheduleTiming = {
      testKind: row.testKind as TestKind,
      day: row.day,
      month: row.month,
      minuteOfDay: row.minuteOfDay,
      createdAt: row.createdAt,
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

const DAY = 86_400_000;
/** Start of the overdue look-back of a test: its gap and one window's length (a window is at most a month). */
const lookBack = (kind: TestKind, now: Date) => new Date(now.getTime() - (OVERDUE_DAYS[kind] + 32) * DAY);

/**
 * The windows each fitting missed (`missedWindows`) in the overdue look-back: the closed windows of the
 * enabled schedules that cover it (those that opened once both the schedule and the fitting existed, as
 * the self-test job grades them) and the windows its `missed` records name, each without a valid result.
 * Older windows need no look: a fitting that missed one is overdue by the gap of `OVERDUE_DAYS` anyway.
 */
async function loadMissedWindows(
  db: Db,
  fittings: readonly { id: number; createdAt: Date }[],
  timings: ReadonlyMap<number, readonly ScheduleTiming[]>,
  timeZone: string,
  now: Date,
): Promise<Map<number, FittingWindow[]>> {
  const out = new Map<number, FittingWindow[]>();
  if (fittings.length === 0) return out;
  const ids = fittings.map((f) => f.id);
  const rows = await db
    .select({
      deviceId: emergencyTestRecords.deviceId,
      kind: emergencyTestRecords.kind,
      partial: emergencyTestRecords.partial,
      grade: emergencyTestRecords.grade,
      endedAt: emergencyTestRecords.endedAt,
      windowStart: emergencyTestRecords.windowStart,
      windowEnd: emergencyTestRecords.windowEnd,
    })
    .from(emergencyTestRecords)
    .where(
      and(
        inArray(emergencyTestRecords.deviceId, ids),
        inArray(emergencyTestRecords.grade, [...VALID_GRADES, 'missed']),
        or(
          gte(testTime, lookBack('function', now)),
          and(eq(emergencyTestRecords.kind, 'duration'), gte(testTime, lookBack('duration', now))),
        ),
      ),
    );
  const results = new Map<number, WindowResult[]>();
  const windows = new Map<number, FittingWindow[]>();
  const add = <T>(map: Map<number, T[]>, id: number, item: T) => map.set(id, [...(map.get(id) ?? []), item]);
  for (const row of rows) {
    if (row.deviceId === null) continue;
    const kind = row.kind as TestKind;
    if (row.grade !== 'missed')
      add(results, row.deviceId, { kind, partial: row.partial, grade: row.grade, endedAt: row.endedAt });
    else if (row.windowStart && row.windowEnd)
      add(windows, row.deviceId, { kind, start: row.windowStart, end: row.windowEnd });
  }
  for (const fitting of fittings) {
    for (const timing of timings.get(fitting.id) ?? []) {
      const from = Math.max(
        timing.createdAt.getTime(),
        fitting.createdAt.getTime(),
        lookBack(timing.testKind, now).getTime(),
      );
      for (const window of windowsBetween(timing, new Date(from), now, timeZone))
        add(windows, fitting.id, { kind: timing.testKind, start: window.start, end: window.end });
    }
    out.set(fitting.id, missedWindows(windows.get(fitting.id) ?? [], results.get(fitting.id) ?? [], now));
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
  const ids = await filteredFittingIds(db, query);
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
  const missed = await loadMissedWindows(
    db,
    rows.map(({ device }) => device),
    timings,
    query.timeZone,
    now,
  );
  const elements = rows.map(({ device, state }) => {
    const overdue = overdueKinds(
      {
        lastFunctionPass: lastPass.get(`${device.id}:function`) ?? null,
        lastDurationPass: lastPass.get(`${device.id}:duration`) ?? null,
        since: device.createdAt,
        missed: missed.get(device.id) ?? [],
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
  const search = query.search?.trim().toLowerCase() ?? '';
  return elements.filter((element) => matchesFilter(element, search, query.filter));
}

/** The network's emergency fittings, of the zone and group asked for. */
async function filteredFittingIds(db: Db, query: ElementQuery): Promise<number[]> {
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
  return ids;
}

/** Whether a fitting matches the search (name or MAC) and the list's filter. */
function matchesFilter(element: EmergencyElement, search: string, filter: ElementQuery['filter']): boolean {
  if (search && !element.name.toLowerCase().includes(search) && !element.mac.toLowerCase().includes(search))
    return false;
  switch (filter ?? 'all') {
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
}
