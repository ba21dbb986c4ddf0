import {
  EmergencyLimits,
  type EmergencyTarget,
  isWindowResult,
  type StaggerSplit,
  staggerPlan,
  type TestKind,
} from '@lightwell/domain';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, emergencyTestRecords, emergencyTestRetries, emergencyTestRuns } from '../../db/schema.ts';
import type { EmergencyScheduleRow } from '../../presenters/emergency.ts';
import { type Fitting, fittingsOfTarget, loadFittings } from '../../services/emergency/fittings.ts';
import { testTime } from '../../services/emergency/records.ts';
import { MINUTE, testMinutesOf } from './schedule-tests.ts';
import { type RetryRow, type RunRow, type Unreached, unreachedFittings } from './unreached-fittings.ts';

/** Whether two fittings are neighbours the schedule's split never puts in one batch of a duration test. */
const neighbours = (a: Fitting, b: Fitting, split: StaggerSplit) =>
  staggerPlan(
    [a, b].map((f) => ({ id: f.deviceId, zoneId: f.zoneId, groupIds: f.groupIds })),
    split,
  ).batches.length > 1;

/** Fittings claimed for a try of one batch's test, with their claims. */
interface ClaimedTry {
  run: RunRow;
  deviceIds: number[];
  retryIds: number[];
}

/**
 * Claims the tries of one open window, under a lock on the window's batches (one process at a time):
 * each unreached fitting that is back — online, not without mains, not holding or running a test, heard
 * from since a try it did not answer — with no valid result in the window and no record of a try's task
 * gets a row of its next attempt (the unique key claims it). A yearly window's fitting waits while a
 * neighbour is on battery or recharging (`timeStagger`'s spacing) from a batch or try of the window, or
 * is due to; fittings tried together are never neighbours.
 */
export async function claimTries(
  tx: Db,
  schedule: EmergencyScheduleRow,
  windowStart: Date,
  now: Date,
): Promise<ClaimedTry[]> {
  const runs = await tx
    .select()
    .from(emergencyTestRuns)
    .where(and(eq(emergencyTestRuns.scheduleId, schedule.id), eq(emergencyTestRuns.windowStart, windowStart)))
    .orderBy(asc(emergencyTestRuns.batch))
    .for('update');
  const first = runs[0];
  if (!first || first.windowEnd <= now) return [];
  const retries = await tx
    .select()
    .from(emergencyTestRetries)
    .where(and(eq(emergencyTestRetries.scheduleId, schedule.id), eq(emergencyTestRetries.windowStart, windowStart)));
  const unreached = await unreachedFittings(tx, runs, retries, now);
  if (unreached.length === 0) return [];
  const all = await loadFittings(tx, first.nid);
  const window = { kind: first.testKind as TestKind, start: windowStart, end: first.windowEnd };
  const back = await fittingsBack(tx, unreached, all, window);
  if (back.length === 0) return [];
  const chosen = window.kind === 'duration' ? spacedOut(schedule, all, runs, retries, back, now) : back;
  if (chosen.length === 0) return [];
  return insertClaims(tx, schedule, first.nid, windowStart, chosen, now);
}

/**
 * The unreached fittings that are back — online with a mesh address, not without mains, not holding or
 * running a test, heard from since a try they did not answer — with no valid result in the window and no
 * record of a try's task.
 */
async function fittingsBack(
  tx: Db,
  unreached: readonly Unreached[],
  all: readonly Fitting[],
  window: { kind: TestKind; start: Date; end: Date },
): Promise<Unreached[]> {
  const windowStart = window.start;
  const byId = new Map(all.map((f) => [f.deviceId, f]));
  const ids = unreached.map((u) => u.deviceId);
  const meshOf = new Map(
    (
      await tx
        .select({ id: devices.id, address: devices.address, lastSeenAt: devices.lastSeenAt })
        .from(devices)
        .where(inArray(devices.id, ids))
    ).map((row) => [row.id, row]),
  );
  const records = await tx
    .select({
      deviceId: emergencyTestRecords.deviceId,
      taskId: emergencyTestRecords.taskId,
      kind: emergencyTestRecords.kind,
      partial: emergencyTestRecords.partial,
      grade: emergencyTestRecords.grade,
      endedAt: emergencyTestRecords.endedAt,
    })
    .from(emergencyTestRecords)
    .where(and(inArray(emergencyTestRecords.deviceId, ids), gte(testTime, windowStart)));
  const after = (at: Date | null | undefined, since: Date) => at != null && at.getTime() > since.getTime();
  return unreached.filter((u) => {
    const fitting = byId.get(u.deviceId);
    const mesh = meshOf.get(u.deviceId);
    // A command reaches only an online fitting with a mesh address.
    if (!fitting?.online || mesh?.address == null || fitting.state?.mainsPresent === false) return false;
    if (fitting.state?.testPending || fitting.state?.testRunning) return false;
    if (u.heardAfter && !after(mesh.lastSeenAt, u.heardAfter) && !after(fitting.state?.lastReportAt, u.heardAfter))
      return false;
    return !records.some(
      (r) =>
        r.deviceId === u.deviceId &&
        ((r.taskId !== null && u.taskIds.includes(r.taskId)) ||
          isWindowResult({ ...r, kind: r.kind as TestKind }, window)),
    );
  });
}

/**
 * Of the fittings back for a yearly window, those no neighbour keeps waiting: none on battery or recharging
 * (`timeStagger`'s spacing) from a batch or try of the window, or due to; fittings tried together are never
 * neighbours.
 */
function spacedOut(
  schedule: EmergencyScheduleRow,
  all: readonly Fitting[],
  runs: readonly RunRow[],
  retries: readonly RetryRow[],
  back: readonly Unreached[],
  now: Date,
): Unreached[] {
  const byId = new Map(all.map((f) => [f.deviceId, f]));
  // On battery and recharging: from each batch's due time (or each try's start) for the stagger spacing.
  const spacing =
    (testMinutesOf(schedule, fittingsOfTarget(all, schedule.target as EmergencyTarget)) +
      EmergencyLimits.rechargeHours * 60) *
    MINUTE;
  const busy = [
    ...runs.flatMap((run) => run.deviceIds.map((id) => ({ id, from: run.dueAt.getTime() }))),
    ...retries.map((retry) => ({ id: retry.deviceId, from: retry.startedAt.getTime() })),
  ];
  const split = schedule.stagger as StaggerSplit;
  const chosen: Unreached[] = [];
  for (const u of back) {
    const fitting = byId.get(u.deviceId)!;
    const clash = busy.some(({ id, from }) => {
      const other = byId.get(id);
      return (
        id !== u.deviceId &&
        other !== undefined &&
        from < now.getTime() + spacing &&
        now.getTime() < from + spacing &&
        neighbours(fitting, other, split)
      );
    });
    if (clash) continue;
    chosen.push(u);
    busy.push({ id: u.deviceId, from: now.getTime() });
  }
  return chosen;
}

/** Claims each chosen fitting's next attempt (the unique key claims it), grouped by the batch it belongs to. */
async function insertClaims(
  tx: Db,
  schedule: EmergencyScheduleRow,
  nid: number,
  windowStart: Date,
  chosen: readonly Unreached[],
  now: Date,
): Promise<ClaimedTry[]> {
  const claimed = new Map(
    (
      await tx
        .insert(emergencyTestRetries)
        .values(
          chosen.map((u) => ({
            scheduleId: schedule.id,
            nid,
            windowStart,
            deviceId: u.deviceId,
            attempt: u.attempt,
            startedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: emergencyTestRetries.id, deviceId: emergencyTestRetries.deviceId })
    ).map((row) => [row.deviceId, row.id]),
  );
  const byRun = new Map<number, ClaimedTry>();
  for (const u of chosen) {
    const retryId = claimed.get(u.deviceId);
    if (retryId === undefined) continue;
    const entry = byRun.get(u.run.id) ?? { run: u.run, deviceIds: [], retryIds: [] };
    entry.deviceIds.push(u.deviceId);
    entry.retryIds.push(retryId);
    byRun.set(u.run.id, entry);
  }
  return [...byRun.values()];
}
