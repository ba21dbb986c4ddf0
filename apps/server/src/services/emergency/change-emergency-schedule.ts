import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { emergencySchedules } from '../../db/schema.ts';
import type { EmergencyScheduleRow } from '../../presenters/emergency.ts';
import { recordAudit } from '../audit.ts';
import { userName } from './faults.ts';

/** The columns of a self-test schedule a caller sets (all but its network, author and times). */
type EmergencyScheduleColumns = Omit<
  typeof emergencySchedules.$inferInsert,
  'id' | 'nid' | 'createdBy' | 'createdByName' | 'createdAt' | 'updatedAt' | 'lastWindowAt'
>;

/** Who changes a self-test schedule of which network. */
interface EmergencyScheduleActor {
  uid: number;
  network: Pick<NetworkRow, 'id' | 'pid'>;
}

/** Adds a self-test schedule at `now`, signed with the actor's name, with its audit event. */
export async function addEmergencySchedule(
  ctx: AppContext,
  actor: EmergencyScheduleActor,
  columns: EmergencyScheduleColumns,
  now: Date,
): Promise<EmergencyScheduleRow> {
  const nid = actor.network.id;
  const name = await userName(ctx.db, actor.uid);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emergencySchedules)
      .values({ nid, ...columns, createdBy: actor.uid, createdByName: name, createdAt: now, updatedAt: now })
      .returning();
    await recordAudit(tx, {
      action: 'emergency.schedule.add',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid,
      after: columns,
    });
    return row!;
  });
}

/** Replaces the settings of self-test schedule `current` at `now`, with its audit event (before and after). */
export function updateEmergencySchedule(
  ctx: AppContext,
  actor: EmergencyScheduleActor,
  current: EmergencyScheduleRow,
  columns: EmergencyScheduleColumns,
  now: Date,
): Promise<EmergencyScheduleRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(emergencySchedules)
      .set({ ...columns, updatedAt: now })
      .where(eq(emergencySchedules.id, current.id))
      .returning();
    await recordAudit(tx, {
      action: 'emergency.schedule.update',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: current.nid,
      before: { ...current, createdAt: undefined, updatedAt: undefined, lastWindowAt: undefined },
      after: columns,
    });
    return row!;
  });
}

/** Deletes self-test schedule `current`, with its audit event. */
export async function deleteEmergencySchedule(
  ctx: AppContext,
  actor: EmergencyScheduleActor,
  current: EmergencyScheduleRow,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(emergencySchedules).where(eq(emergencySchedules.id, current.id));
    await recordAudit(tx, {
      action: 'emergency.schedule.delete',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: current.nid,
      before: { id: current.id, name: current.name, testKind: current.testKind },
    });
  });
}
