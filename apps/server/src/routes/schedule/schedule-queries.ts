import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ScheduleRow } from '../../db/queries/schedules.ts';
import { groups, scenes, schedules, zones } from '../../db/schema.ts';
import { noPermission } from '../../policies/access.ts';

/** A schedule row by id; 1013 when there is none. */
export async function findSchedule(db: Db, scheduleId: number): Promise<ScheduleRow> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, scheduleId)).limit(1);
  if (!row) throw noPermission();
  return row;
}

/** Refuses (1013) a scene, group or zone id that is not of network `nid`. */
export async function assertTargetOfNetwork(db: Db, nid: number, kind: string, id: number | null): Promise<void> {
  if (kind === 'network' || id === null) return;
  const table = kind === 'scene' ? scenes : kind === 'group' ? groups : zones;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.nid, nid)))
    .limit(1);
  if (!row) throw noPermission();
}
