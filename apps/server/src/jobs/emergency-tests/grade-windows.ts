import {
  type EmergencyTarget,
  isWindowResult,
  type TestKind,
  type TestWindow,
  windowsBetween,
} from '@lightwell/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { emergencySchedules, emergencyTestRecords, networks, projects } from '../../db/schema.ts';
import type { EmergencyScheduleRow } from '../../presenters/emergency.ts';
import { type Fitting, fittingsOfTarget, loadFittings } from '../../services/emergency/fittings.ts';
import { runOnce } from '../../services/run-once.ts';
import { DAY, timingOf } from './schedule-tests.ts';

/** How far back closed windows are graded (a server down for weeks still grades them when it returns). */
const GRADE_LOOK_BACK_DAYS = 62;

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
