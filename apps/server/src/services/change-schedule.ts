import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { NetworkRow } from '../db/queries/networks.ts';
import type { ScheduleRow } from '../db/queries/schedules.ts';
import { schedules } from '../db/schema.ts';
import { recordAudit } from './audit.ts';

/** The columns of a schedule a caller sets (all but its network, author and times). */
type ScheduleColumns = Omit<typeof schedules.$inferInsert, 'id' | 'nid' | 'createdBy' | 'createdAt' | 'updatedAt'>;

/** Who changes a schedule of which network. */
interface ScheduleActor {
  uid: number;
  network: Pick<NetworkRow, 'id' | 'pid'>;
}

/** Adds a schedule to the actor's network, with its audit event in the same transaction. */
export function addSchedule(ctx: AppContext, actor: ScheduleActor, columns: ScheduleColumns): Promise<ScheduleRow> {
  const nid = actor.network.id;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schedules)
      .values({ nid, ...columns, createdBy: actor.uid, createdAt: ctx.now(), updatedAt: ctx.now() })
      .returning();
    await recordAudit(tx, { action: 'schedule.add', actorUid: actor.uid, pid: actor.network.pid, nid, after: columns });
    return row!;
  });
}

/** Replaces the settings of schedule `current`, with its audit event (before and after). */
export function updateSchedule(
  ctx: AppContext,
  actor: ScheduleActor,
  current: ScheduleRow,
  columns: ScheduleColumns,
): Promise<ScheduleRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(schedules)
      .set({ ...columns, updatedAt: ctx.now() })
      .where(eq(schedules.id, current.id))
      .returning();
    await recordAudit(tx, {
      action: 'schedule.update',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: current.nid,
      before: { ...current, createdAt: undefined, updatedAt: undefined, lastRunAt: undefined },
      after: columns,
    });
    return row!;
  });
}

/** Switches schedule `current` on or off, with its audit event. */
export function enableSchedule(
  ctx: AppContext,
  actor: ScheduleActor,
  current: ScheduleRow,
  enabled: boolean,
): Promise<ScheduleRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(schedules)
      .set({ enabled, updatedAt: ctx.now() })
      .where(eq(schedules.id, current.id))
      .returning();
    await recordAudit(tx, {
      action: 'schedule.enable',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: current.nid,
      before: { id: current.id, enabled: current.enabled },
      after: { id: current.id, enabled },
    });
    return row!;
  });
}

/** Deletes schedule `current`, with its audit event. */
export async function deleteSchedule(ctx: AppContext, actor: ScheduleActor, current: ScheduleRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(schedules).where(eq(schedules.id, current.id));
    await recordAudit(tx, {
      action: 'schedule.delete',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: current.nid,
      before: { id: current.id, name: current.name },
    });
  });
}
