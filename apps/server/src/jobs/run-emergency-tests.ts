import {
  EmergencyLimits,
  type EmergencyTarget,
  isWindowResult,
  type StaggerSplit,
  staggerPlan,
  TaskStatus,
  type TestKind,
  type TestWindow,
  timeStagger,
  windowsBetween,
} from '@lightwell/domain';
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import {
  devices,
  emergencyFittings,
  emergencySchedules,
  emergencyTestRecords,
  emergencyTestRetries,
  emergencyTestRuns,
  networks,
  networkUsers,
  projects,
  taskDevices,
  tasks,
} from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { type EmergencyActionRequest, startEmergencyAction } from '../services/emergency/actions.ts';
import { type Fitting, fittingsOfTarget, loadFittings } from '../services/emergency/fittings.ts';
import type { EmergencyScheduleRow } from '../services/emergency/present.ts';
import { testTime } from '../services/emergency/records.ts';
import { runOnce } from './run-once.ts';

/** Starts an emergency action; tests pass their own to watch what the job sends. */
export type EmergencyStarter = typeof startEmergencyAction;

const MINUTE = 60_000;
const DAY = 86_400_000;
/** How far back closed windows are graded (a server down for weeks still grades them when it returns). */
const GRADE_LOOK_BACK_DAYS = 62;

const timingOf = (row: EmergencyScheduleRow) => ({
  testKind: row.testKind as TestKind,
  day: row.day,
  month: row.month,
  minuteOfDay: row.minuteOfDay,
  enabled: row.enabled,
});

/** Minutes a duration test of a schedule keeps a fitting on battery, for the stagger spacing. */
export function testMinutesOf(
  row: Pick<EmergencyScheduleRow, 'durationKind' | 'durationMinutes'>,
  fittings: Fitting[],
) {
  if (row.durationKind === 'custom' && row.durationMinutes) return row.durationMinutes;
  if (row.durationKind === 'batteryEmpty') return EmergencyLimits.maxDurationMinutes;
  const rated = fittings.map((f) => f.state?.ratedMinutes ?? 0).filter((m) => m > 0);
  return rated.length > 0 ? Math.max(...rated) : 180;
}

/**
 * The batches of one window: a monthly function test runs every fitting at the window's start; a yearly
 * duration test follows the stagger plan of the schedule's split, each batch starting once the one before
 * has recharged (`timeStagger`), so neighbours never run it together.
 */
export function planWindow(row: EmergencyScheduleRow, window: TestWindow, fittings: Fitting[]) {
  if (fittings.length === 0) return [];
  if (row.testKind === 'function')
    return [{ batch: 0, deviceIds: fittings.map((f) => f.deviceId), dueAt: window.start }];
  const plan = staggerPlan(
    fittings.map((f) => ({ id: f.deviceId, zoneId: f.zoneId, groupIds: f.groupIds })),
    row.stagger as StaggerSplit,
  );
  const slots = timeStagger(plan, window.start, { testMinutes: testMinutesOf(row, fittings) });
  return plan.batches.map((ids, batch) => ({
    batch,
    deviceIds: ids,
    dueAt: slots.find((slot) => slot.batch === batch)!.start,
  }));
}

/** Plans the batches of every window that opened since the schedule's last one (never before it existed). */
async function planOpenedWindows(ctx: AppContext, now: Date): Promise<number> {
  const rows = await ctx.db
    .select({ schedule: emergencySchedules, network: networks })
    .from(emergencySchedules)
    .innerJoin(networks, eq(networks.id, emergencySchedules.nid))
    .where(and(eq(emergencySchedules.enabled, true), isNull(networks.deletedAt)))
    .orderBy(asc(emergencySchedules.id));
  let planned = 0;
  for (const { schedule, network } of rows) {
    const from = new Date(
      Math.max((schedule.lastWindowAt ?? schedule.createdAt).getTime() + 1, now.getTime() - 40 * DAY),
    );
    const windows = windowsBetween(timingOf(schedule), from, new Date(now.getTime() + 1), network.timeZone);
    if (windows.length === 0) continue;
    const fittings = fittingsOfTarget(await loadFittings(ctx.db, network.id), schedule.target as EmergencyTarget);
    for (const window of windows) {
      const batches = planWindow(schedule, window, fittings);
      if (batches.length > 0) {
        const inserted = await ctx.db
          .insert(emergencyTestRuns)
          .values(
            batches.map((b) => ({
              scheduleId: schedule.id,
              nid: network.id,
              testKind: schedule.testKind,
              windowStart: window.start,
              windowEnd: window.end,
              ...b,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: emergencyTestRuns.id });
        planned += inserted.length;
      }
    }
    const last = windows.at(-1)!.start;
    await ctx.db.update(emergencySchedules).set({ lastWindowAt: last }).where(eq(emergencySchedules.id, schedule.id));
  }
  return planned;
}

/** The test of a batch (kind, the schedule's duration and maximum delay) for some fittings, sent by the schedule. */
function scheduledTest(
  schedule: EmergencyScheduleRow,
  run: Pick<typeof emergencyTestRuns.$inferSelect, 'nid' | 'testKind'>,
  deviceIds: number[],
): EmergencyActionRequest {
  return {
    networkId: run.nid,
    target: { kind: 'fittings', ids: deviceIds },
    action: run.testKind === 'function' ? 'functionTest' : 'durationTest',
    by: { scheduleId: schedule.id },
    maxDelayMinutes: schedule.maxDelayMinutes,
    ...(run.testKind === 'duration'
      ? {
          duration: {
            kind: schedule.durationKind as NonNullable<EmergencyActionRequest['duration']>['kind'],
            ...(schedule.durationMinutes ? { minutes: schedule.durationMinutes } : {}),
          },
        }
      : {}),
  };
}

/** Starts every due batch whose window is still open; each batch is claimed by one process. */
async function startDueBatches(ctx: AppContext, now: Date, start: EmergencyStarter): Promise<number> {
  const due = await ctx.db
    .select({ run: emergencyTestRuns, schedule: emergencySchedules })
    .from(emergencyTestRuns)
    .innerJoin(emergencySchedules, eq(emergencySchedules.id, emergencyTestRuns.scheduleId))
    .innerJoin(networks, eq(networks.id, emergencyTestRuns.nid))
    .where(and(isNull(emergencyTestRuns.startedAt), lte(emergencyTestRuns.dueAt, now), isNull(networks.deletedAt)))
    .orderBy(asc(emergencyTestRuns.dueAt), asc(emergencyTestRuns.id));
  let started = 0;
  for (const { run, schedule } of due) {
    const [claimed] = await ctx.db
      .update(emergencyTestRuns)
      .set({ startedAt: now })
      .where(and(eq(emergencyTestRuns.id, run.id), isNull(emergencyTestRuns.startedAt)))
      .returning({ id: emergencyTestRuns.id });
    if (!claimed) continue;
    if (run.windowEnd <= now) {
      await ctx.db
        .update(emergencyTestRuns)
        .set({ result: 'skipped: window closed' })
        .where(eq(emergencyTestRuns.id, run.id));
      continue;
    }
    try {
      const task = await start(ctx, scheduledTest(schedule, run, run.deviceIds));
      await ctx.db
        .update(emergencyTestRuns)
        .set({ taskId: task.taskId, result: `task ${task.taskId}` })
        .where(eq(emergencyTestRuns.id, run.id));
      started += 1;
    } catch (error) {
      // Nothing was sent: the fittings are tried again once back (`retryUnreachedFittings`), else the
      // window's end grades them missed.
      const message = error instanceof Error ? error.message : String(error);
      await ctx.db
        .update(emergencyTestRuns)
        .set({ result: `failed: ${message}` })
        .where(eq(emergencyTestRuns.id, run.id));
    }
  }
  return started;
}

type RunRow = typeof emergencyTestRuns.$inferSelect;
type RetryRow = typeof emergencyTestRetries.$inferSelect;

/** Outcomes of a task that did not reach a fitting: not sent (offline), the gateway refused (busy), no answer. */
const NOT_REACHED: readonly (string | null)[] = ['offline', 'busy', 'timeout'];

/** A fitting of an open window that no try has reached yet. */
interface Unreached {
  deviceId: number;
  /** Its batch: the next try is due at the batch's time, with the batch's test. */
  run: RunRow;
  /** The next try's number (the batch is try 0). */
  attempt: number;
  /** After no answer, the fitting must have been heard from since this time before it is tried again. */
  heardAfter: Date | null;
  /** Tasks of its tries so far: a record of one of them means a try reached it after all. */
  taskIds: number[];
}

const windowKey = (row: { scheduleId: number; windowStart: Date }) => `${row.scheduleId}:${row.windowStart.getTime()}`;

/**
 * The fittings of started batches that no try reached: the latest try of each (its batch, then the tries
 * after it, by attempt) was refused before anything was sent, or its task failed the fitting as offline,
 * busy or timeout. A try still being started or still under way, one that reached the fitting, and one whose
 * task the network does not hold (nothing to tell) leave the fitting out.
 */
async function unreachedFittings(db: Db, runs: readonly RunRow[], retries: readonly RetryRow[], now: Date) {
  const latest = new Map<string, Unreached & { taskId: number | null; refused: boolean }>();
  for (const run of runs) {
    if (run.startedAt === null) continue;
    for (const deviceId of run.deviceIds) {
      latest.set(`${windowKey(run)}:${deviceId}`, {
        deviceId,
        run,
        attempt: 0,
        heardAfter: null,
        taskIds: run.taskId === null ? [] : [run.taskId],
        taskId: run.taskId,
        refused: run.taskId === null && (run.result?.startsWith('failed') ?? false),
      });
    }
  }
  for (const retry of [...retries].sort((a, b) => a.attempt - b.attempt)) {
    const entry = latest.get(`${windowKey(retry)}:${retry.deviceId}`);
    if (!entry || retry.attempt <= entry.attempt) continue;
    entry.attempt = retry.attempt;
    entry.taskId = retry.taskId;
    entry.refused = false;
    if (retry.taskId !== null) entry.taskIds.push(retry.taskId);
  }
  const taskIds = [...new Set([...latest.values()].map((e) => e.taskId).filter((id): id is number => id !== null))];
  const taskRows =
    taskIds.length === 0
      ? []
      : await db
          .select({ id: tasks.id, nid: tasks.nid, endedAt: tasks.endedAt })
          .from(tasks)
          .where(inArray(tasks.id, taskIds));
  const outcomes =
    taskIds.length === 0
      ? []
      : await db
          .select({
            taskId: taskDevices.taskId,
            deviceId: taskDevices.deviceId,
            status: taskDevices.status,
            reason: taskDevices.reason,
          })
          .from(taskDevices)
          .where(inArray(taskDevices.taskId, taskIds));
  const taskOf = new Map(taskRows.map((row) => [row.id, row]));
  const outcomeOf = new Map(outcomes.map((row) => [`${row.taskId}:${row.deviceId}`, row]));
  const out: Unreached[] = [];
  for (const { taskId, refused, ...entry } of latest.values()) {
    if (taskId === null) {
      if (refused) out.push({ ...entry, attempt: entry.attempt + 1 });
      continue;
    }
    const task = taskOf.get(taskId);
    const outcome = outcomeOf.get(`${taskId}:${entry.deviceId}`);
    if (!task || task.nid !== entry.run.nid || !outcome) continue;
    if (outcome.status !== TaskStatus.failed || !NOT_REACHED.includes(outcome.reason)) continue;
    out.push({
      ...entry,
      attempt: entry.attempt + 1,
      heardAfter: outcome.reason === 'timeout' ? (task.endedAt ?? now) : null,
    });
  }
  return out;
}

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
async function claimTries(tx: Db, schedule: EmergencyScheduleRow, windowStart: Date, now: Date): Promise<ClaimedTry[]> {
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
  const window = { kind: first.testKind as TestKind, start: windowStart, end: first.windowEnd };
  const after = (at: Date | null | undefined, since: Date) => at != null && at.getTime() > since.getTime();
  const back = unreached.filter((u) => {
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
  if (back.length === 0) return [];
  let chosen = back;
  if (window.kind === 'duration') {
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
    chosen = [];
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
  }
  if (chosen.length === 0) return [];
  const claimed = new Map(
    (
      await tx
        .insert(emergencyTestRetries)
        .values(
          chosen.map((u) => ({
            scheduleId: schedule.id,
            nid: first.nid,
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

/**
 * Tries again, while its window is open, each fitting a started batch did not reach — not sent because it
 * was offline, refused by the gateway, or no answer — once it is back (`claimTries`): the batch's test
 * (kind, duration, maximum delay) by the schedule, due at the batch's time, so a test that starts past the
 * maximum delay is graded late (passedLate, failedLate). One task per batch; a refused try is released for
 * the next minute, and a try whose task does not reach the fitting is tried again when it is back again.
 */
async function retryUnreachedFittings(ctx: AppContext, now: Date, start: EmergencyStarter): Promise<number> {
  const rows = await ctx.db
    .select({ run: emergencyTestRuns, schedule: emergencySchedules })
    .from(emergencyTestRuns)
    .innerJoin(emergencySchedules, eq(emergencySchedules.id, emergencyTestRuns.scheduleId))
    .innerJoin(networks, eq(networks.id, emergencyTestRuns.nid))
    .where(
      and(
        isNotNull(emergencyTestRuns.startedAt),
        gt(emergencyTestRuns.windowEnd, now),
        eq(emergencySchedules.enabled, true),
        isNull(networks.deletedAt),
      ),
    )
    .orderBy(asc(emergencyTestRuns.scheduleId), asc(emergencyTestRuns.windowStart), asc(emergencyTestRuns.batch));
  if (rows.length === 0) return 0;
  const scheduleOf = new Map(rows.map((row) => [row.run.id, row.schedule]));
  const retries = await ctx.db
    .select()
    .from(emergencyTestRetries)
    .where(
      and(
        inArray(emergencyTestRetries.scheduleId, [...new Set(rows.map((row) => row.schedule.id))]),
        gte(emergencyTestRetries.windowStart, new Date(Math.min(...rows.map((row) => row.run.windowStart.getTime())))),
      ),
    );
  // A first look without the lock: only windows with an unreached fitting that is online now go on.
  const unreached = await unreachedFittings(
    ctx.db,
    rows.map((row) => row.run),
    retries,
    now,
  );
  const ids = [...new Set(unreached.map((u) => u.deviceId))];
  const online = new Set(
    ids.length === 0
      ? []
      : (
          await ctx.db
            .select({ id: devices.id })
            .from(devices)
            .where(and(inArray(devices.id, ids), eq(devices.online, true), isNotNull(devices.address)))
        ).map((row) => row.id),
  );
  const windows = new Map<string, { schedule: EmergencyScheduleRow; windowStart: Date }>();
  for (const u of unreached) {
    if (!online.has(u.deviceId)) continue;
    windows.set(windowKey(u.run), { schedule: scheduleOf.get(u.run.id)!, windowStart: u.run.windowStart });
  }
  let started = 0;
  for (const { schedule, windowStart } of windows.values()) {
    const tries = await ctx.db.transaction((tx) => claimTries(tx, schedule, windowStart, now));
    for (const { run, deviceIds, retryIds } of tries) {
      const mine = inArray(emergencyTestRetries.id, retryIds);
      try {
        const task = await start(ctx, { ...scheduledTest(schedule, run, deviceIds), requestedAt: run.dueAt });
        await ctx.db
          .update(emergencyTestRetries)
          .set({ taskId: task.taskId, result: `task ${task.taskId}` })
          .where(mine);
        started += deviceIds.length;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // A refusal sent nothing: the claim is released and the fittings are tried again next minute.
        if (error instanceof CallError) await ctx.db.delete(emergencyTestRetries).where(mine);
        else
          await ctx.db
            .update(emergencyTestRetries)
            .set({ result: `error: ${message}` })
            .where(mine);
      }
    }
  }
  return started;
}

/** An owner or installer of the network, as whom booked retests run. */
async function actingUid(ctx: AppContext, nid: number): Promise<number | null> {
  const [member] = await ctx.db
    .select({ uid: networkUsers.uid })
    .from(networkUsers)
    .where(and(eq(networkUsers.nid, nid), inArray(networkUsers.userType, [2, 1])))
    .orderBy(asc(networkUsers.userType))
    .limit(1);
  return member?.uid ?? null;
}

/**
 * Starts the booked retests (a fault's verification, a test voided by mains loss) of fittings that have
 * mains: each booking is claimed by clearing it, so it starts once.
 */
async function startBookedRetests(ctx: AppContext, now: Date, start: EmergencyStarter): Promise<number> {
  const booked = await ctx.db
    .select({
      deviceId: emergencyFittings.deviceId,
      nid: emergencyFittings.nid,
      kind: emergencyFittings.retestKind,
      mains: emergencyFittings.mainsPresent,
    })
    .from(emergencyFittings)
    .innerJoin(networks, eq(networks.id, emergencyFittings.nid))
    .where(
      and(
        isNotNull(emergencyFittings.retestKind),
        lte(emergencyFittings.retestBookedAt, now),
        isNull(networks.deletedAt),
      ),
    );
  let started = 0;
  for (const fitting of booked) {
    if (fitting.mains === false) continue;
    const uid = await actingUid(ctx, fitting.nid);
    if (uid === null) continue;
    const [claimed] = await ctx.db
      .update(emergencyFittings)
      .set({ retestKind: null, retestBookedAt: null })
      .where(and(eq(emergencyFittings.deviceId, fitting.deviceId), isNotNull(emergencyFittings.retestKind)))
      .returning({ id: emergencyFittings.deviceId });
    if (!claimed) continue;
    try {
      await start(ctx, {
        networkId: fitting.nid,
        target: { kind: 'fittings', ids: [fitting.deviceId] },
        action: fitting.kind === 'duration' ? 'durationTest' : 'functionTest',
        by: { userId: uid },
        retest: true,
      });
      started += 1;
    } catch {
      // Booked again for the next minute: a gateway that is offline now may answer then.
      await ctx.db
        .update(emergencyFittings)
        .set({ retestKind: fitting.kind, retestBookedAt: new Date(now.getTime() + MINUTE) })
        .where(eq(emergencyFittings.deviceId, fitting.deviceId));
    }
  }
  return started;
}

/**
 * Books a retest for each voided test (mains lost during it) that has none yet: the record says a
 * retest is due, the fitting's state holds the booking until the job starts it.
 */
async function bookVoidedRetests(ctx: AppContext, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 10 * MINUTE);
  const voided = await ctx.db
    .select({ deviceId: emergencyTestRecords.deviceId, kind: emergencyTestRecords.kind, id: emergencyTestRecords.id })
    .from(emergencyTestRecords)
    .where(and(eq(emergencyTestRecords.grade, 'voided'), gt(emergencyTestRecords.createdAt, since)));
  let booked = 0;
  for (const record of voided) {
    if (record.deviceId === null) continue;
    // Claimed once per record across processes.
    const done = await runOnce(ctx.db, 'emergency-void-retest', String(record.id), async () => {
      await ctx.db
        .update(emergencyFittings)
        .set({ retestKind: record.kind, retestBookedAt: now })
        .where(and(eq(emergencyFittings.deviceId, record.deviceId!), isNull(emergencyFittings.retestKind)));
      return `booked ${record.kind}`;
    });
    if (done) booked += 1;
  }
  return booked;
}

/**
 * Writes `missed` for each fitting of a closed window with no valid result in it (issue 14: a window
 * never stays blank). Each window of each schedule is graded once across processes (`runOnce`), and a
 * fitting already graded missed for that month by another schedule of the same kind is not again.
 */
export async function gradeClosedWindows(ctx: AppContext, now: Date): Promise<number> {
  const rows = await ctx.db
    .select({ schedule: emergencySchedules, network: networks, projectName: projects.name })
    .from(emergencySchedules)
    .innerJoin(networks, eq(networks.id, emergencySchedules.nid))
    .innerJoin(projects, eq(projects.id, networks.pid))
    .where(and(eq(emergencySchedules.enabled, true), isNull(networks.deletedAt)))
    .orderBy(asc(emergencySchedules.id));
  let missed = 0;
  for (const { schedule, network, projectName } of rows) {
    const from = new Date(Math.max(schedule.createdAt.getTime(), now.getTime() - GRADE_LOOK_BACK_DAYS * DAY));
    const closed = windowsBetween(timingOf(schedule), from, now, network.timeZone).filter((w) => w.end <= now);
    for (const window of closed) {
      await runOnce(ctx.db, `emergency-grade:${schedule.id}`, window.start.toISOString(), async () => {
        const fittings = fittingsOfTarget(
          await loadFittings(ctx.db, network.id),
          schedule.target as EmergencyTarget,
        ).filter((f) => f.createdAt <= window.start);
        const count = await gradeWindow(ctx, { schedule, network, projectName, window, fittings });
        missed += count;
        return `missed ${count}`;
      });
    }
  }
  return missed;
}

/** The valid results and missed records of a window for some fittings. */
async function gradeWindow(
  ctx: AppContext,
  input: {
    schedule: EmergencyScheduleRow;
    network: typeof networks.$inferSelect;
    projectName: string;
    window: TestWindow;
    fittings: Fitting[];
  },
): Promise<number> {
  const { schedule, network, window, fittings } = input;
  if (fittings.length === 0) return 0;
  const kind = schedule.testKind as TestKind;
  // A duration test also shows the fitting works on battery: it answers a monthly window too. A partial
  // one (shorter than rated) answers only that (`answersWindowOf`).
  const kinds = kind === 'function' ? ['function', 'duration'] : ['duration'];
  const records = await ctx.db
    .select({
      deviceId: emergencyTestRecords.deviceId,
      grade: emergencyTestRecords.grade,
      kind: emergencyTestRecords.kind,
      partial: emergencyTestRecords.partial,
      endedAt: emergencyTestRecords.endedAt,
      windowStart: emergencyTestRecords.windowStart,
    })
    .from(emergencyTestRecords)
    .where(
      and(
        eq(emergencyTestRecords.nid, network.id),
        inArray(
          emergencyTestRecords.deviceId,
          fittings.map((f) => f.deviceId),
        ),
        inArray(emergencyTestRecords.kind, kinds),
      ),
    );
  const answered = new Set<number>();
  for (const r of records) {
    if (r.deviceId === null) continue;
    const valid = isWindowResult({ ...r, kind: r.kind as TestKind }, { kind, start: window.start, end: window.end });
    const alreadyMissed =
      r.grade === 'missed' && r.kind === kind && r.windowStart?.getTime() === window.start.getTime();
    if (valid || alreadyMissed) answered.add(r.deviceId);
  }
  const missing = fittings.filter((f) => !answered.has(f.deviceId));
  if (missing.length === 0) return 0;
  await ctx.db.insert(emergencyTestRecords).values(
    missing.map((f) => ({
      nid: network.id,
      networkName: network.name,
      pid: network.pid,
      projectName: input.projectName,
      deviceId: f.deviceId,
      mac: f.mac,
      fittingName: f.name,
      location: f.location,
      zoneId: f.zoneId,
      zoneName: f.zoneName,
      kind,
      windowKind: window.kind,
      windowStart: window.start,
      windowEnd: window.end,
      startSource: 'schedule',
      scheduleId: schedule.id,
      grade: 'missed',
      failureBits: f.state?.failureBits ?? 0,
      ratedMinutes: f.state?.ratedMinutes ?? null,
      timeZone: network.timeZone,
      createdAt: window.end,
    })),
  );
  return missing.length;
}

/**
 * The self-test job (every minute): plans the windows that opened, starts due batches, tries again the
 * fittings a batch did not reach once they are back, starts booked retests through `startEmergencyAction`,
 * books retests of voided tests and grades closed windows.
 */
export async function runEmergencyTests(
  ctx: AppContext,
  start: EmergencyStarter = startEmergencyAction,
): Promise<string> {
  const now = ctx.now();
  const planned = await planOpenedWindows(ctx, now);
  const started = await startDueBatches(ctx, now, start);
  const tried = await retryUnreachedFittings(ctx, now, start);
  const voided = await bookVoidedRetests(ctx, now);
  const retests = await startBookedRetests(ctx, now, start);
  const missed = await gradeClosedWindows(ctx, now);
  return `planned ${planned}, started ${started}, tried again ${tried}, void retests ${voided}, retests ${retests}, missed ${missed}`;
}
