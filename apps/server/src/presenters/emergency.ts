import {
  type Actor,
  type EmergencySchedule,
  type EmergencyTarget,
  type EmergencyType,
  epochSeconds,
  epochSecondsOrNull,
  type Fault,
  type FaultEntry,
  type FaultEntryKind,
  failureNames,
  failureTextKeys,
  type Grade,
  type Language,
  type ModeChange,
  nextScheduledRun,
  type TestRecord,
} from '@lightwell/domain';
import type {
  emergencyFaultEntries,
  emergencyFaults,
  emergencyModeChanges,
  emergencySchedules,
  emergencyTestRecords,
} from '../db/schema.ts';
import { translator } from '../lib/i18n.ts';

/** An emergency test record row. */
export type TestRecordRow = typeof emergencyTestRecords.$inferSelect;
/** An emergency fault row. */
export type FaultRow = typeof emergencyFaults.$inferSelect;
/** A fault workflow entry row. */
export type FaultEntryRow = typeof emergencyFaultEntries.$inferSelect;
/** A mode change row. */
type ModeChangeRow = typeof emergencyModeChanges.$inferSelect;
/** A self-test schedule row. */
export type EmergencyScheduleRow = typeof emergencySchedules.$inferSelect;

const actor = (uid: number | null, name: string | null): Actor | null =>
  uid === null && !name ? null : { uid, name: name ?? '' };

/**
 * A stored test record as the calls answer it; `requestedAt` is when the console's task asked for the test
 * (`requestTimes`), null when the fitting started it itself or the task is no longer kept.
 */
export function presentTestRecord(row: TestRecordRow, requestedAt: Date | null = null): TestRecord {
  return {
    id: row.id,
    nid: row.nid,
    networkName: row.networkName,
    deviceId: row.deviceId,
    fittingName: row.fittingName,
    mac: row.mac,
    location: row.location,
    zoneName: row.zoneName,
    kind: row.kind as TestRecord['kind'],
    windowKind: row.windowKind as TestRecord['windowKind'],
    windowStart: epochSecondsOrNull(row.windowStart),
    windowEnd: epochSecondsOrNull(row.windowEnd),
    startSource: row.startSource as TestRecord['startSource'],
    scheduleId: row.scheduleId,
    taskId: row.taskId,
    requestedAt: epochSecondsOrNull(requestedAt),
    startedAt: epochSecondsOrNull(row.startedAt),
    endedAt: epochSecondsOrNull(row.endedAt),
    grade: row.grade as Grade,
    failureBits: row.failureBits,
    reasons: failureNames(row.failureBits),
    achievedMinutes: row.achievedMinutes,
    ratedMinutes: row.ratedMinutes,
    partial: row.partial,
    stoppedBy: actor(row.stoppedBy, row.stoppedByName),
    stoppedAt: epochSecondsOrNull(row.stoppedAt),
    retestBooked: row.retestBooked,
    correctsId: row.correctsId,
    remark: row.remark,
    timeZone: row.timeZone,
    createTime: epochSeconds(row.createdAt),
  };
}

/**
 * A fault workflow entry as the calls answer it; a retest result with the grade of the test that answered
 * it, from `grades` (test record id → grade).
 */
function presentFaultEntry(row: FaultEntryRow, grades: ReadonlyMap<number, Grade> = new Map()): FaultEntry {
  return {
    id: row.id,
    kind: row.kind as FaultEntryKind,
    at: epochSeconds(row.at),
    person: row.person,
    remark: row.remark,
    by: actor(row.byUid, row.byName),
    testRecordId: row.testRecordId,
    grade: row.kind === 'retestResult' && row.testRecordId !== null ? (grades.get(row.testRecordId) ?? null) : null,
    correctsId: row.correctsId,
    createTime: epochSeconds(row.createdAt),
  };
}

/** Where a fault stands, summed from its entries (never stored as a state that could change). */
export interface FaultStanding {
  state: Fault['state'];
  safeguard: FaultEntryRow | null;
  rectify: FaultEntryRow | null;
  verify: FaultEntryRow | null;
  confirm: FaultEntryRow | null;
  confirmed: boolean;
  retestBooked: FaultEntryRow | null;
  retestResult: FaultEntryRow | null;
  closed: FaultEntryRow | null;
}

/**
 * Sums a fault's entries (oldest first): the latest entry of each step counts, and an entry that a
 * later one corrects is replaced by it; a confirmation stands until its confirmer withdraws it (a
 * `confirmUpdate` with remark prefix kept in `person` = "withdrawn").
 */
export function faultStanding(entries: readonly FaultEntryRow[]): FaultStanding {
  const latest = (kind: string) => [...entries].reverse().find((entry) => entry.kind === kind) ?? null;
  const confirm = latest('confirm');
  const update = latest('confirmUpdate');
  const confirmEntry = update && confirm && update.id > confirm.id ? update : confirm;
  const confirmed = confirmEntry !== null && confirmEntry.person !== WITHDRAWN;
  const retestBooked = latest('retestBooked');
  const retestResult = latest('retestResult');
  const closed = latest('closed');
  const awaiting = retestBooked !== null && (retestResult === null || retestResult.id < retestBooked.id);
  return {
    state: closed ? 'closed' : awaiting ? 'awaitingRetest' : 'open',
    safeguard: latest('safeguard'),
    rectify: latest('rectify'),
    verify: latest('verify'),
    confirm: confirmEntry,
    confirmed,
    retestBooked,
    retestResult,
    closed,
  };
}

/** `person` of a confirmUpdate entry that withdraws the confirmation. */
export const WITHDRAWN = 'withdrawn';

/**
 * A fault with its workflow; cause and advice of each failure bit in `language`; `grades` are those of the
 * test records its retest results name (test record id → grade).
 */
export function presentFault(
  row: FaultRow,
  entries: readonly FaultEntryRow[],
  language: Language | number,
  grades: ReadonlyMap<number, Grade> = new Map(),
): Fault {
  const t = translator(language);
  const standing = faultStanding(entries);
  const reasons = failureNames(row.failureBits);
  const show = (entry: FaultEntryRow | null) => (entry ? presentFaultEntry(entry, grades) : null);
  const retestResult =
    standing.retestBooked && standing.retestResult && standing.retestResult.id > standing.retestBooked.id
      ? standing.retestResult
      : null;
  return {
    id: row.id,
    nid: row.nid,
    networkName: row.networkName,
    deviceId: row.deviceId,
    fittingName: row.fittingName,
    mac: row.mac,
    location: row.location,
    zoneName: row.zoneName,
    emergencyType: row.emergencyType as EmergencyType,
    failureBits: row.failureBits,
    reasons,
    advice: reasons.map((failure) => {
      const keys = failureTextKeys(failure);
      return { failure, cause: t(`server:${keys.cause}`), advice: t(`server:${keys.advice}`) };
    }),
    testRecordId: row.testRecordId,
    state: standing.state,
    openedAt: epochSeconds(row.openedAt),
    closedAt: standing.closed ? epochSeconds(standing.closed.at) : null,
    safeguard: show(standing.safeguard),
    rectify: show(standing.rectify),
    verify: show(standing.verify),
    confirmState: standing.confirmed ? 'confirmed' : 'toBeConfirmed',
    confirm: show(standing.confirm),
    retest: standing.retestBooked
      ? {
          recordId: retestResult?.testRecordId ?? null,
          grade: show(retestResult)?.grade ?? null,
          bookedAt: epochSeconds(standing.retestBooked.at),
        }
      : null,
    entries: entries.map((entry) => presentFaultEntry(entry, grades)),
    timeZone: row.timeZone,
  };
}

/** A mode change as the model log answers it. */
export function presentModeChange(row: ModeChangeRow): ModeChange {
  return {
    id: row.id,
    deviceId: row.deviceId,
    fittingName: row.fittingName,
    location: row.location,
    at: epochSeconds(row.at),
    fromMode: row.fromMode,
    toMode: row.toMode,
    statusBits: row.statusBits,
    failureBits: row.failureBits,
  };
}

/** A self-test schedule with its next window in the network's zone. */
export function presentEmergencySchedule(row: EmergencyScheduleRow, timeZone: string, now: Date): EmergencySchedule {
  const timing = {
    testKind: row.testKind as EmergencySchedule['testKind'],
    day: row.day,
    month: row.month,
    minuteOfDay: row.minuteOfDay,
    enabled: row.enabled,
  };
  const next = nextScheduledRun(timing, now, timeZone);
  return {
    id: row.id,
    nid: row.nid,
    name: row.name,
    enabled: row.enabled,
    testKind: timing.testKind,
    day: row.day,
    month: row.month,
    minuteOfDay: row.minuteOfDay,
    durationKind: row.durationKind as EmergencySchedule['durationKind'],
    durationMinutes: row.durationMinutes,
    maxDelayMinutes: row.maxDelayMinutes,
    stagger: row.stagger as EmergencySchedule['stagger'],
    target: row.target as EmergencyTarget,
    nextRun: next ? epochSeconds(next) : null,
    createdBy: actor(row.createdBy, row.createdByName),
    updateTime: epochSeconds(row.updatedAt),
  };
}
