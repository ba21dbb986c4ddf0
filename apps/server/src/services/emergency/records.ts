import {
  answeredTest,
  answersWindowOf,
  type EmergencyElement,
  epochSeconds,
  type Grade,
  isPassingGrade,
  type LastResult,
  type OverdueNetwork,
  type ReportCell,
  type ScheduleReport,
  type TestKind,
  type TestRecord,
  zonedTime,
} from '@lightwell/domain';
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emergencyTestRecords, type networks, tasks } from '../../db/schema.ts';
import { presentTestRecord, type TestRecordRow } from '../../presenters/emergency.ts';
import type { Fitting } from './fittings.ts';

type NetworkRow = typeof networks.$inferSelect;

/** Grades that are a valid result of a window: the fitting ran the test and reported it. */
const VALID: readonly string[] = ['passed', 'passedLate', 'failed', 'failedLate'];
const isValid = (grade: string) => VALID.includes(grade);
const endOf = (row: Pick<TestRecordRow, 'endedAt' | 'createdAt'>) => row.endedAt ?? row.createdAt;
const answers = (row: Pick<TestRecordRow, 'kind' | 'partial'>, test: TestKind) =>
  answersWindowOf({ kind: row.kind as TestKind, partial: row.partial }, test);
/**
 * When a test took place, in SQL (`endOf`): its end, or when it was recorded (a missed window). Periods,
 * reports and the log follow it, so a result reported late (a gateway offline for days, a replayed history)
 * counts in the month of its test (index `emergency_test_records_nid_time_idx`).
 */
export const testTime = sql<Date>`coalesce(${emergencyTestRecords.endedAt}, ${emergencyTestRecords.createdAt})`;

/** Original test records (not corrections) of some fittings, oldest first. */
export async function recordsOf(db: Db, nid: number, deviceIds: readonly number[], from?: Date, to?: Date) {
  if (deviceIds.length === 0) return [];
  return db
    .select()
    .from(emergencyTestRecords)
    .where(
      and(
        eq(emergencyTestRecords.nid, nid),
        inArray(emergencyTestRecords.deviceId, [...deviceIds]),
        isNull(emergencyTestRecords.correctsId),
        from ? gte(testTime, from) : undefined,
        to ? lt(testTime, to) : undefined,
      ),
    )
    .orderBy(asc(emergencyTestRecords.id));
}

/** Last result of each kind, and last pass per test it answers (`answeredTest`), per fitting. */
export interface FittingHistory {
  last: Partial<Record<TestKind, TestRecordRow>>;
  lastPass: Partial<Record<TestKind, Date>>;
}

/** Summarises records (oldest first) per fitting. */
export function histories(records: readonly TestRecordRow[]): Map<number, FittingHistory> {
  const out = new Map<number, FittingHistory>();
  for (const row of records) {
    if (row.deviceId === null) continue;
    const history = out.get(row.deviceId) ?? { last: {}, lastPass: {} };
    const kind = row.kind as TestKind;
    const current = history.last[kind];
    if (!current || endOf(row) >= endOf(current)) history.last[kind] = row;
    if (isPassingGrade(row.grade as Grade)) {
      const end = endOf(row);
      const answered = answeredTest({ kind, partial: row.partial });
      if (!history.lastPass[answered] || end > history.lastPass[answered]) history.lastPass[answered] = end;
    }
    out.set(row.deviceId, history);
  }
  return out;
}

/** Overdue figures of a network from its element info. */
export function overdueFigures(network: NetworkRow, elements: readonly EmergencyElement[]): OverdueNetwork {
  const failedGrade = (r: LastResult | null) => r !== null && (r.grade === 'failed' || r.grade === 'failedLate');
  return {
    nid: network.id,
    name: network.name,
    pid: network.pid,
    fittings: elements.length,
    overdue: elements.filter((e) => e.overdue).length,
    overdueFunction: elements.filter((e) => e.overdueKinds.includes('function')).length,
    overdueDuration: elements.filter((e) => e.overdueKinds.includes('duration')).length,
    failed: elements.filter((e) => failedGrade(e.lastFunction) || failedGrade(e.lastDuration)).length,
    openFaults: elements.reduce((sum, e) => sum + e.openFaults, 0),
  };
}

const monthStart = (year: number, month: number, timeZone: string) =>
  zonedTime({ year, month, day: 1, hour: 0, minute: 0, second: 0 }, timeZone);

/**
 * The cell of one window of the test `test`: the last valid result in it that answers it
 * (`answersWindowOf`: a partial duration test never fills a yearly cell); else `missed` (the job's missed record, or any
 * window that closed with no valid result while the fitting existed); null while open or not yet due.
 */
function cell(
  records: readonly TestRecordRow[],
  test: TestKind,
  start: Date,
  end: Date,
  existedFrom: Date,
  now: Date,
): ReportCell {
  const inWindow = records.filter((r) => answers(r, test) && endOf(r) >= start && endOf(r) < end);
  const valid = inWindow.filter((r) => isValid(r.grade));
  const best = valid.at(-1);
  if (best) return { grade: best.grade as Grade, recordId: best.id, at: epochSeconds(endOf(best)) };
  const missed = records.find(
    (r) =>
      r.grade === 'missed' &&
      r.kind === test &&
      r.windowStart !== null &&
      r.windowStart >= start &&
      r.windowStart < end,
  );
  if (missed) return { grade: 'missed', recordId: missed.id, at: epochSeconds(missed.windowEnd ?? missed.createdAt) };
  if (end <= now && existedFrom <= start) return { grade: 'missed', recordId: null, at: epochSeconds(end) };
  return { grade: null, recordId: null, at: null };
}

/** The fitting × month grades of a year (`/emergency/schedule/report`). */
export async function scheduleReport(
  db: Db,
  network: NetworkRow,
  fittings: readonly Fitting[],
  year: number,
  now: Date,
): Promise<ScheduleReport> {
  const zone = network.timeZone;
  const yearStart = monthStart(year, 1, zone);
  const yearEnd = monthStart(year + 1, 1, zone);
  const records = await db
    .select()
    .from(emergencyTestRecords)
    .where(
      and(
        eq(emergencyTestRecords.nid, network.id),
        isNull(emergencyTestRecords.correctsId),
        // A missed record of December's window is written when the window has closed, in January.
        gte(testTime, yearStart),
        lt(testTime, new Date(yearEnd.getTime() + 40 * 86_400_000)),
      ),
    )
    .orderBy(asc(emergencyTestRecords.id));
  const byDevice = new Map<number, TestRecordRow[]>();
  for (const r of records) if (r.deviceId !== null) byDevice.set(r.deviceId, [...(byDevice.get(r.deviceId) ?? []), r]);
  return {
    year,
    timeZone: zone,
    rows: fittings.map((f) => {
      const own = byDevice.get(f.deviceId) ?? [];
      const monthly = Array.from({ length: 12 }, (_, i) =>
        cell(
          own,
          'function',
          monthStart(year, i + 1, zone),
          i === 11 ? yearEnd : monthStart(year, i + 2, zone),
          f.createdAt,
          now,
        ),
      );
      return {
        deviceId: f.deviceId,
        fittingName: f.name,
        location: f.location,
        monthly,
        yearly: cell(own, 'duration', yearStart, yearEnd, f.createdAt, now),
      };
    }),
  };
}

/** Test records of a network in a period (by when the test took place), newest first. */
export async function testRecordsInPeriod(db: Db, nid: number, from: Date, to: Date) {
  return db
    .select()
    .from(emergencyTestRecords)
    .where(and(eq(emergencyTestRecords.nid, nid), gte(testTime, from), lt(testTime, to)))
    .orderBy(desc(testTime), desc(emergencyTestRecords.id));
}

/**
 * When each record's test was asked for, by record id: the creation of the console's task that sent it
 * (a task of the record's network). Records the fitting started itself have no task and no entry.
 */
async function requestTimes(db: Db, rows: readonly TestRecordRow[]): Promise<Map<number, Date>> {
  const out = new Map<number, Date>();
  const ids = [...new Set(rows.map((row) => row.taskId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return out;
  const found = await db
    .select({ id: tasks.id, nid: tasks.nid, createdAt: tasks.createdAt })
    .from(tasks)
    .where(inArray(tasks.id, ids));
  const byId = new Map(found.map((task) => [task.id, task]));
  for (const row of rows) {
    const task = row.taskId === null ? undefined : byId.get(row.taskId);
    if (task && task.nid === row.nid) out.set(row.id, task.createdAt);
  }
  return out;
}

/** Test records as the calls answer them, each with when it was asked for (`requestTimes`). */
export async function presentTestRecords(db: Db, rows: readonly TestRecordRow[]): Promise<TestRecord[]> {
  const requested = await requestTimes(db, rows);
  return rows.map((row) => presentTestRecord(row, requested.get(row.id) ?? null));
}
