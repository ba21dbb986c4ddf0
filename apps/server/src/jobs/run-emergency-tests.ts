import {
  answersWindowOf,
  EmergencyLimits,
  type EmergencyTarget,
  type StaggerSplit,
  staggerPlan,
  type TestKind,
  type TestWindow,
  timeStagger,
  windowsBetween,
} from '@lightwell/domain';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import {
  emergencyFittings,
  emergencySchedules,
  emergencyTestRecords,
  emergencyTestRuns,
  networks,
  networkUsers,
  projects,
} from '../db/schema.ts';
import { type EmergencyActionRequest, startEmergencyAction } from '../services/emergency/actions.ts';
import { type Fitting, fittingsOfTarget, loadFittings } from '../services/emergency/fittings.ts';
import type { EmergencyScheduleRow } from '../services/emergency/present.ts';
import { runOnce } from './run-once.ts';

/** Starts an emergency action; tests pass their own to watch what the job sends. */
export type EmergencyStarter = typeof startEmergencyAction;

const MINUTE = 60_000;
const DAY = 86_400_000;
/** How far back closed windows are graded (a server down for weeks still grades them when it returns). */
const GRADE_LOOK_BACK_DAYS = 62;
/** Grades that are a valid result of a window: the fitting ran the test and reported it. */
export const VALID_GRADES = ['passed', 'passedLate', 'failed', 'failedLate'] as const;

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
    const request: EmergencyActionRequest = {
      networkId: run.nid,
      target: { kind: 'fittings', ids: run.deviceIds },
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
    try {
      const task = await start(ctx, request);
      await ctx.db
        .update(emergencyTestRuns)
        .set({ taskId: task.taskId, result: `task ${task.taskId}` })
        .where(eq(emergencyTestRuns.id, run.id));
      started += 1;
    } catch (error) {
      // The fittings stay untested: the window's end grades them missed.
      const message = error instanceof Error ? error.message : String(error);
      await ctx.db
        .update(emergencyTestRuns)
        .set({ result: `failed: ${message}` })
        .where(eq(emergencyTestRuns.id, run.id));
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
    const valid =
      (VALID_GRADES as readonly string[]).includes(r.grade) &&
      answersWindowOf({ kind: r.kind as TestKind, partial: r.partial }, kind) &&
      r.endedAt !== null &&
      r.endedAt >= window.start &&
      r.endedAt < window.end;
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
 * The self-test job (every minute): plans the windows that opened, starts due batches and booked
 * retests through `startEmergencyAction`, books retests of voided tests and grades closed windows.
 */
export async function runEmergencyTests(
  ctx: AppContext,
  start: EmergencyStarter = startEmergencyAction,
): Promise<string> {
  const now = ctx.now();
  const planned = await planOpenedWindows(ctx, now);
  const started = await startDueBatches(ctx, now, start);
  const voided = await bookVoidedRetests(ctx, now);
  const retests = await startBookedRetests(ctx, now, start);
  const missed = await gradeClosedWindows(ctx, now);
  return `planned ${planned}, started ${started}, void retests ${voided}, retests ${retests}, missed ${missed}`;
}
