import {
  answersWindowOf,
  Code,
  type FaultStep,
  type Grade,
  isPassingGrade,
  type Language,
  type TestKind,
} from '@lightwell/domain';
import { and, asc, eq, gt, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  emergencyFaultEntries,
  emergencyFaults,
  emergencyFittings,
  emergencyTestRecords,
  users,
} from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import {
  type FaultEntryRow,
  type FaultRow,
  faultStanding,
  presentFault,
  WITHDRAWN,
} from '../../presenters/emergency.ts';

/** A fault with its entries, oldest entry first. */
export interface LoadedFault {
  row: FaultRow;
  entries: FaultEntryRow[];
}

/** Entries of faults by fault id, oldest first. */
export async function entriesOf(db: Db, faultIds: readonly number[]): Promise<Map<number, FaultEntryRow[]>> {
  const out = new Map<number, FaultEntryRow[]>();
  if (faultIds.length === 0) return out;
  const rows = await db
    .select()
    .from(emergencyFaultEntries)
    .where(inArray(emergencyFaultEntries.faultId, [...faultIds]))
    .orderBy(asc(emergencyFaultEntries.id));
  for (const row of rows) out.set(row.faultId, [...(out.get(row.faultId) ?? []), row]);
  return out;
}

/** One fault with its entries; 1013 when unknown. */
export async function loadFault(db: Db, faultId: number): Promise<LoadedFault> {
  const [row] = await db.select().from(emergencyFaults).where(eq(emergencyFaults.id, faultId)).limit(1);
  if (!row) throw new CallError(Code.noPermission, 'Not permitted, or the fault does not exist.');
  return { row, entries: (await entriesOf(db, [faultId])).get(faultId) ?? [] };
}

/** Grades of the retest records the faults' `retestResult` entries name. */
async function retestGrades(db: Db, entries: Iterable<FaultEntryRow[]>): Promise<Map<number, Grade>> {
  const ids = [...entries].flatMap((list) =>
    list.filter((e) => e.kind === 'retestResult' && e.testRecordId !== null).map((e) => e.testRecordId!),
  );
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: emergencyTestRecords.id, grade: emergencyTestRecords.grade })
    .from(emergencyTestRecords)
    .where(inArray(emergencyTestRecords.id, ids));
  return new Map(rows.map((r) => [r.id, r.grade as Grade]));
}

/** Faults as the calls answer them, in `language`. */
export async function presentFaults(db: Db, rows: readonly FaultRow[], language: Language | number) {
  const entries = await entriesOf(
    db,
    rows.map((r) => r.id),
  );
  const grades = await retestGrades(db, entries.values());
  return rows.map((row) => presentFault(row, entries.get(row.id) ?? [], language, grades));
}

/** Name of a user as records keep it. */
export async function userName(db: Db, uid: number): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, uid)).limit(1);
  return row?.name ?? '';
}

/**
 * Books a retest of a fitting: the scheduling job starts it (`startBookedRetests`). The fitting's state
 * holds the booking, so a second booking before it starts adds nothing.
 */
async function bookRetest(db: Db, deviceId: number, kind: TestKind, now: Date): Promise<void> {
  await db
    .update(emergencyFittings)
    .set({ retestKind: kind, retestBookedAt: now, updatedAt: now })
    .where(eq(emergencyFittings.deviceId, deviceId));
}

/**
 * Settles faults waiting for their retest: the first test record of the fitting after the booking that
 * answers the booked kind (a duration retest only a full duration test, `answersWindowOf`) answers it; a
 * pass closes the fault, anything else leaves it open (rectify and verify again). Run under
 * the fault sweep lock.
 */
export async function settleRetests(db: Db): Promise<number> {
  const booked = await db
    .select({ fault: emergencyFaults, entry: emergencyFaultEntries })
    .from(emergencyFaultEntries)
    .innerJoin(emergencyFaults, eq(emergencyFaults.id, emergencyFaultEntries.faultId))
    .where(eq(emergencyFaultEntries.kind, 'retestBooked'));
  const entries = await entriesOf(db, [...new Set(booked.map((b) => b.fault.id))]);
  let settled = 0;
  for (const [faultId, list] of entries) {
    const standing = faultStanding(list);
    if (standing.state !== 'awaitingRetest' || !standing.retestBooked) continue;
    const fault = booked.find((b) => b.fault.id === faultId)!.fault;
    if (fault.deviceId === null) continue;
    // A record that answered an earlier retest of this fault does not answer this one.
    const answered = list
      .filter((e) => e.kind === 'retestResult' && e.testRecordId !== null)
      .map((e) => e.testRecordId!);
    // The retest is of the kind booked: a partial duration test does not answer a duration retest.
    const wanted = retestKindOf(fault);
    const candidates = await db
      .select()
      .from(emergencyTestRecords)
      .where(
        and(
          eq(emergencyTestRecords.deviceId, fault.deviceId),
          gt(emergencyTestRecords.createdAt, standing.retestBooked.createdAt),
          ne(emergencyTestRecords.grade, 'missed'),
          isNull(emergencyTestRecords.correctsId),
          answered.length > 0 ? notInArray(emergencyTestRecords.id, answered) : undefined,
        ),
      )
      .orderBy(asc(emergencyTestRecords.id));
    const record = candidates.find((row) =>
      answersWindowOf({ kind: row.kind as TestKind, partial: row.partial }, wanted),
    );
    if (!record) continue;
    const at = record.endedAt ?? record.createdAt;
    await db.transaction(async (tx) => {
      await tx.insert(emergencyFaultEntries).values({ faultId, kind: 'retestResult', at, testRecordId: record.id });
      if (isPassingGrade(record.grade as Grade)) {
        await tx.insert(emergencyFaultEntries).values({ faultId, kind: 'closed', at, testRecordId: record.id });
      }
    });
    settled += 1;
  }
  return settled;
}

/** The kind of retest a fault's verification books: the test whose failure opened it. */
function retestKindOf(fault: FaultRow): TestKind {
  return (fault.failureBits & (2 | 128)) !== 0 ? 'duration' : 'function';
}

/**
 * Records a workflow step. Verify books a retest of the fitting (a function test, or a duration test when
 * the battery duration failed). 1102 when the fault is closed; a correction must name an entry of the
 * same step of this fault.
 */
export async function recordFaultStep(
  ctx: AppContext,
  uid: number,
  fault: LoadedFault,
  input: { step: FaultStep; at: number; person: string; remark: string; correctsId?: number | undefined },
): Promise<void> {
  const standing = faultStanding(fault.entries);
  if (standing.state === 'closed') throw new CallError(Code.faultClosed, 'The fault is closed.');
  if (input.correctsId !== undefined) {
    const corrected = fault.entries.find((e) => e.id === input.correctsId);
    if (!corrected || corrected.kind !== input.step) {
      throw new CallError(Code.badInput, 'correctsId must name an entry of the same step of this fault.');
    }
  }
  const now = ctx.now();
  const name = await userName(ctx.db, uid);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(emergencyFaultEntries).values({
      faultId: fault.row.id,
      kind: input.step,
      at: new Date(input.at * 1000),
      person: input.person,
      remark: input.remark,
      byUid: uid,
      byName: name,
      correctsId: input.correctsId ?? null,
    });
    if (input.step === 'verify' && fault.row.deviceId !== null) {
      await tx
        .insert(emergencyFaultEntries)
        .values({ faultId: fault.row.id, kind: 'retestBooked', at: now, byUid: uid, byName: name });
      await bookRetest(tx as unknown as Db, fault.row.deviceId, retestKindOf(fault.row), now);
    }
  });
}

/** Confirms a fault: 1100 until safeguard and rectify are filled, 1103 when it already is. */
export async function confirmFault(ctx: AppContext, uid: number, fault: LoadedFault, remark: string): Promise<void> {
  const standing = faultStanding(fault.entries);
  if (!standing.safeguard || !standing.rectify) {
    throw new CallError(Code.faultStepsMissing, 'Fill in safeguard and rectification before confirming.');
  }
  if (standing.confirmed) throw new CallError(Code.alreadyConfirmed, 'The fault is already confirmed.');
  const name = await userName(ctx.db, uid);
  await ctx.db
    .insert(emergencyFaultEntries)
    .values({ faultId: fault.row.id, kind: 'confirm', at: ctx.now(), person: name, remark, byUid: uid, byName: name });
}

/**
 * Changes a confirmation (a new `confirmUpdate` entry whose `person` is `confirmed` or `withdrawn`): only
 * the user who confirmed (1101); 1104 when nothing is confirmed.
 */
export async function updateConfirmation(
  ctx: AppContext,
  uid: number,
  fault: LoadedFault,
  input: { confirmed: boolean; remark?: string | undefined },
): Promise<void> {
  const standing = faultStanding(fault.entries);
  const original = [...fault.entries].reverse().find((e) => e.kind === 'confirm');
  if (!original || (!standing.confirmed && standing.confirm?.kind !== 'confirmUpdate')) {
    throw new CallError(Code.notConfirmed, 'The fault is not confirmed yet.');
  }
  if (original.byUid !== uid) throw new CallError(Code.notConfirmer, 'Only the confirmer may change a confirmation.');
  const name = await userName(ctx.db, uid);
  await ctx.db.insert(emergencyFaultEntries).values({
    faultId: fault.row.id,
    kind: 'confirmUpdate',
    at: ctx.now(),
    person: input.confirmed ? 'confirmed' : WITHDRAWN,
    // A remark left out keeps the one standing.
    remark: input.remark ?? (standing.confirm ?? original).remark,
    byUid: uid,
    byName: name,
    correctsId: standing.confirm?.id ?? original.id,
  });
}
