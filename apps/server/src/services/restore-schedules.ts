import type { BackupContentV2 } from '@lightwell/domain';
import { and, eq, inArray, max, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns, schedules, users } from '../db/schema.ts';
import { batches, excluded } from './restore-rows.ts';

/**
 * Schedules become the backup's, with their ids, so the scheduler's claims (`schedule:<id>`, minute)
 * still hold for a schedule brought back and no minute it already fired in fires again. When it last
 * fired is run state: a schedule that still exists keeps its own; one brought back takes the later of
 * the backup's and the minute of its last claimed firing.
 */
export async function restoreSchedules(tx: Db, nid: number, list: BackupContentV2['schedules']): Promise<void> {
  const ids = list.map((schedule) => schedule.id);
  await tx.delete(schedules).where(and(eq(schedules.nid, nid), notInArray(schedules.id, ids)));
  if (list.length === 0) return;
  const lastRunOf = await lastRunsOf(tx, list);
  const known = await knownUsers(tx, list);
  for (const batch of batches(list)) {
    await tx
      .insert(schedules)
      .values(
        batch.map((schedule) => ({
          id: schedule.id,
          nid,
          kind: schedule.kind,
          name: schedule.name,
          enabled: schedule.enabled,
          targetKind: schedule.targetKind,
          targetId: schedule.targetId,
          action: schedule.action,
          year: schedule.year,
          month: schedule.month,
          day: schedule.day,
          dayOfWeek: schedule.dayOfWeek,
          hour: schedule.hour,
          minute: schedule.minute,
          second: schedule.second,
          astroEvent: schedule.astroEvent,
          astroShift: schedule.astroShift,
          overrideEnd: schedule.overrideEnd,
          overrideValue: schedule.overrideValue,
          lastRunAt: lastRunOf(schedule),
          createdBy: schedule.createdBy !== null && known.has(schedule.createdBy) ? schedule.createdBy : null,
          createdAt: new Date(schedule.createTime * 1000),
        })),
      )
      .onConflictDoUpdate({
        target: schedules.id,
        set: {
          kind: excluded(schedules.kind),
          name: excluded(schedules.name),
          enabled: excluded(schedules.enabled),
          targetKind: excluded(schedules.targetKind),
          targetId: excluded(schedules.targetId),
          action: excluded(schedules.action),
          year: excluded(schedules.year),
          month: excluded(schedules.month),
          day: excluded(schedules.day),
          dayOfWeek: excluded(schedules.dayOfWeek),
          hour: excluded(schedules.hour),
          minute: excluded(schedules.minute),
          second: excluded(schedules.second),
          astroEvent: excluded(schedules.astroEvent),
          astroShift: excluded(schedules.astroShift),
          overrideEnd: excluded(schedules.overrideEnd),
          overrideValue: excluded(schedules.overrideValue),
          createdBy: excluded(schedules.createdBy),
          createdAt: excluded(schedules.createdAt),
        },
        setWhere: eq(schedules.nid, nid),
      });
  }
}

type BackupSchedule = BackupContentV2['schedules'][number];

/** When each schedule last fired: the later of the backup's time and the minute of its last claimed firing. */
async function lastRunsOf(tx: Db, list: readonly BackupSchedule[]): Promise<(schedule: BackupSchedule) => Date | null> {
  const ids = list.map((schedule) => schedule.id);
  const fired = new Map(
    (
      await tx
        .select({ name: jobRuns.name, slot: max(jobRuns.slot) })
        .from(jobRuns)
        .where(
          inArray(
            jobRuns.name,
            ids.map((id) => `schedule:${id}`),
          ),
        )
        .groupBy(jobRuns.name)
    ).map((row) => [row.name, row.slot]),
  );
  return (schedule) => {
    // A claimed slot is the minute (UTC, `YYYY-MM-DDTHH:MM`) the schedule fired in.
    const slot = fired.get(`schedule:${schedule.id}`);
    const claimed = slot ? Date.parse(`${slot}:00Z`) : null;
    const times = [schedule.lastRun === null ? null : schedule.lastRun * 1000, claimed].filter(
      (t): t is number => t !== null,
    );
    return times.length ? new Date(Math.max(...times)) : null;
  };
}

/** The creators of the schedules that are still users (a schedule of a deleted user keeps no creator). */
async function knownUsers(tx: Db, list: readonly BackupSchedule[]): Promise<Set<number>> {
  const creators = [...new Set(list.flatMap((s) => (s.createdBy === null ? [] : [s.createdBy])))];
  return new Set(
    creators.length
      ? (await tx.select({ id: users.id }).from(users).where(inArray(users.id, creators))).map((row) => row.id)
      : [],
  );
}
