import {
  type CommandAction,
  emergencyTypeOf,
  gradeTest,
  isDelayExceeded,
  type ReportMessage,
  reducedCoverUntil,
  type StartSource,
  type TestKind,
  testWindow,
  zonedParts,
} from '@lightwell/domain';
import { and, desc, eq, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  deviceElements,
  emergencyFaultEntries,
  emergencyFaults,
  type emergencyFittings,
  emergencySchedules,
  emergencyTestRecords,
  networks,
  projects,
  taskDevices,
  tasks,
  users,
} from '../../db/schema.ts';
import type { LinkedGateway } from '../../link-types.ts';
import { zonesOfDevices } from '../../services/emergency/fittings.ts';

/*
 * What an `emergency` report files besides the fitting's state (docs/gateway-protocol.md "Emergency
 * reports"): graded test records and opened faults, with the names they keep as text.
 */

/** An emergency report, from MQTT or the mesh HTTP call. */
export type EmergencyReport = Extract<ReportMessage, { kind: 'emergency' }>;

/** A fitting's stored state. */
export type FittingRow = typeof emergencyFittings.$inferSelect;

/** Names a record keeps as text: network, project, fitting, zone. */
export interface RecordNames {
  nid: number;
  networkName: string;
  pid: number | null;
  projectName: string;
  timeZone: string;
  deviceId: number;
  mac: string;
  fittingName: string;
  zoneId: number | null;
  zoneName: string | null;
}

/** The columns a test or fault record copies as text, so it reads the same after the network is gone. */
const copiedNames = (names: RecordNames) => ({
  nid: names.nid,
  networkName: names.networkName,
  pid: names.pid,
  projectName: names.projectName,
  deviceId: names.deviceId,
  mac: names.mac,
  fittingName: names.fittingName,
  location: names.zoneName,
  zoneId: names.zoneId,
  zoneName: names.zoneName,
  timeZone: names.timeZone,
});

const toDate = (seconds: number) => new Date(seconds * 1000);

/** The names a record of the device keeps: network, project, time zone, fitting, zone. */
export async function loadNames(
  tx: Db,
  nid: number,
  device: { id: number; name: string; mac: string },
): Promise<RecordNames> {
  const [network] = await tx
    .select({ name: networks.name, pid: networks.pid, timeZone: networks.timeZone, projectName: projects.name })
    .from(networks)
    .leftJoin(projects, eq(projects.id, networks.pid))
    .where(eq(networks.id, nid))
    .limit(1);
  const zone = (await zonesOfDevices(tx, nid, [device.id])).get(device.id);
  return {
    nid,
    networkName: network?.name ?? '',
    pid: network?.pid ?? null,
    projectName: network?.projectName ?? '',
    timeZone: network?.timeZone ?? 'UTC',
    deviceId: device.id,
    mac: device.mac,
    fittingName: device.name,
    zoneId: zone?.zoneId ?? null,
    zoneName: zone?.zoneName ?? null,
  };
}

/** The task that started a test, with what it asked for. */
async function loadTask(tx: Db, nid: number, taskId: number | null) {
  if (taskId === null) return null;
  const [task] = await tx
    .select({ id: tasks.id, uid: tasks.uid, action: tasks.action, createdAt: tasks.createdAt })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.nid, nid)))
    .limit(1);
  return task ? { ...task, action: task.action as CommandAction } : null;
}

/** Who stopped a test, and when: the last stop command sent to the fitting before the test ended. */
async function stopperOf(tx: Db, deviceId: number, endedAt: Date) {
  const [row] = await tx
    .select({ uid: tasks.uid, at: tasks.createdAt, name: users.name })
    .from(tasks)
    .innerJoin(taskDevices, eq(taskDevices.taskId, tasks.id))
    .leftJoin(users, eq(users.id, tasks.uid))
    .where(
      and(
        eq(taskDevices.deviceId, deviceId),
        sql`${tasks.action}->>'op' = 'emergency'`,
        sql`${tasks.action}->>'command' = 'stopTest'`,
        lte(tasks.createdAt, new Date(endedAt.getTime() + 60_000)),
      ),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(1);
  return row ?? null;
}

/** Start source, schedule and requester of a test result. */
function originOf(
  fitting: FittingRow | null,
  taskId: number | null,
  task: Awaited<ReturnType<typeof loadTask>>,
): { source: StartSource; scheduleId: number | null; requestedBy: number | null; requestedAt: Date | null } {
  if (taskId === null) return { source: 'fitting', scheduleId: null, requestedBy: null, requestedAt: null };
  if (fitting?.testTaskId === taskId) {
    return {
      source: (fitting.testSource as StartSource | null) ?? 'unknown',
      scheduleId: fitting.testScheduleId,
      requestedBy: fitting.testRequestedBy,
      requestedAt: fitting.testRequestedAt,
    };
  }
  if (task) return { source: 'manual', scheduleId: null, requestedBy: task.uid, requestedAt: task.createdAt };
  return { source: 'unknown', scheduleId: null, requestedBy: null, requestedAt: null };
}

/** The window a scheduled test answers: its schedule's window of the month the test started in. */
async function windowOf(tx: Db, scheduleId: number | null, startedAt: Date, timeZone: string) {
  if (scheduleId === null) return null;
  const [schedule] = await tx.select().from(emergencySchedules).where(eq(emergencySchedules.id, scheduleId)).limit(1);
  if (!schedule) return null;
  const { year, month } = zonedParts(startedAt, timeZone);
  return testWindow(
    {
      testKind: schedule.testKind as TestKind,
      day: schedule.day,
      month: schedule.month,
      minuteOfDay: schedule.minuteOfDay,
    },
    year,
    month,
    timeZone,
  );
}

/** Grades a reported test result (`gradeTest`) and keeps it as one test record. */
export async function recordTest(
  tx: Db,
  gateway: LinkedGateway,
  names: RecordNames,
  fitting: FittingRow | null,
  report: EmergencyReport,
  now: Date,
) {
  const test = report.test!;
  const task = await loadTask(tx, names.nid, test.taskId);
  const origin = originOf(fitting, test.taskId, task);
  const startedAt = toDate(test.startedAt);
  const endedAt = toDate(test.endedAt);
  const command = task?.action.op === 'emergency' ? task.action : null;
  const ratedMinutes = report.ratedDuration !== undefined ? report.ratedDuration * 2 : (fitting?.ratedMinutes ?? null);
  const late =
    test.delayExceeded ||
    (origin.requestedAt !== null && isDelayExceeded(origin.requestedAt, startedAt, command?.maxDelayMinutes ?? 15));
  const graded = gradeTest({
    kind: test.kind,
    outcome: test.outcome,
    failureBits: test.failureBits,
    durationResult: test.durationResult,
    ratedMinutes,
    requiredMinutes: command?.duration?.kind === 'custom' ? (command.duration.minutes ?? null) : null,
    delayExceeded: late,
  });
  const stopper = graded.grade === 'stopped' ? await stopperOf(tx, names.deviceId, endedAt) : null;
  const window = await windowOf(tx, origin.scheduleId, startedAt, names.timeZone);
  const [row] = await tx
    .insert(emergencyTestRecords)
    .values({
      ...copiedNames(names),
      kind: test.kind,
      windowKind: window?.kind ?? 'none',
      windowStart: window?.start ?? null,
      windowEnd: window?.end ?? null,
      startSource: origin.source,
      scheduleId: origin.scheduleId,
      taskId: test.taskId,
      requestedBy: origin.requestedBy,
      startedAt,
      endedAt,
      grade: graded.grade,
      failureBits: test.failureBits,
      achievedMinutes: graded.achievedMinutes,
      ratedMinutes: graded.ratedMinutes,
      partial: graded.partial,
      stoppedBy: stopper?.uid ?? null,
      stoppedByName: stopper?.name ?? null,
      stoppedAt: stopper ? (stopper.at.getTime() > endedAt.getTime() ? endedAt : stopper.at) : null,
      retestBooked: graded.retest,
      gatewaySn: gateway.sn,
      reportSeq: report.seq,
    })
    .returning({ id: emergencyTestRecords.id });
  const matched = fitting?.testTaskId === test.taskId && test.taskId !== null;
  return {
    id: row!.id,
    fittingUpdate: {
      ...(test.kind === 'function' ? { lastFunctionRecordId: row!.id } : { lastDurationRecordId: row!.id }),
      ...(matched
        ? { testTaskId: null, testSource: null, testScheduleId: null, testRequestedBy: null, testRequestedAt: null }
        : {}),
      ...(test.kind === 'duration' && test.outcome !== 'mainsLost'
        ? { reducedCoverUntil: reducedCoverUntil(endedAt, report.batteryCharge ?? null) }
        : {}),
      ...(graded.retest ? { retestKind: test.kind, retestBookedAt: now } : {}),
    },
  };
}

/**
 * Opens a fault when failure bits are newly set (not set in the fitting's last state), unless an open
 * fault of the fitting (one without a `closed` entry) already holds them all.
 */
export async function openFault(
  tx: Db,
  names: RecordNames,
  fitting: FittingRow | null,
  report: EmergencyReport,
  testRecordId: number | null,
): Promise<void> {
  const bits = report.test ? report.faultBits | report.test.failureBits : report.faultBits;
  const rising = bits & ~(fitting?.failureBits ?? 0);
  if (rising === 0) return;
  const open = await tx
    .select({ failureBits: emergencyFaults.failureBits })
    .from(emergencyFaults)
    .where(
      and(
        eq(emergencyFaults.deviceId, names.deviceId),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(emergencyFaultEntries)
            .where(
              and(eq(emergencyFaultEntries.faultId, emergencyFaults.id), eq(emergencyFaultEntries.kind, 'closed')),
            ),
        ),
      ),
    );
  const held = open.reduce((all, fault) => all | fault.failureBits, 0);
  if ((rising & ~held) === 0) return;
  const at = toDate(report.at);
  const [fault] = await tx
    .insert(emergencyFaults)
    .values({
      ...copiedNames(names),
      emergencyType: await emergencyTypeOfDevice(tx, names.deviceId),
      failureBits: bits,
      testRecordId,
      openedAt: at,
    })
    .returning({ id: emergencyFaults.id });
  await tx.insert(emergencyFaultEntries).values({ faultId: fault!.id, kind: 'opened', at, testRecordId });
}

/** Emergency type of a device from its element types (section 4). */
export async function emergencyTypeOfDevice(tx: Db, deviceId: number) {
  const rows = await tx
    .select({ type: deviceElements.type })
    .from(deviceElements)
    .where(eq(deviceElements.deviceId, deviceId));
  return emergencyTypeOf(rows.map((row) => row.type));
}
