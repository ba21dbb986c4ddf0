import type { TaskDetail, TaskSummary } from '@lightwell/domain';
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { devices, taskDevices, tasks } from '../../db/schema.ts';
import { presentTask, presentTaskDetail, type TaskRow } from '../../presenters/task.ts';

/** Outcomes of the devices of several tasks, by task id. */
export async function outcomesOf(db: Db, taskIds: number[]) {
  const byTask = new Map<number, { deviceId: number; status: number; reason: string | null }[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .select({
      taskId: taskDevices.taskId,
      deviceId: taskDevices.deviceId,
      status: taskDevices.status,
      reason: taskDevices.reason,
    })
    .from(taskDevices)
    .where(inArray(taskDevices.taskId, taskIds));
  for (const row of rows) {
    const list = byTask.get(row.taskId) ?? [];
    list.push(row);
    byTask.set(row.taskId, list);
  }
  return byTask;
}

/**
 * Runs reads of a task and its devices in one snapshot, so that a row and its devices' outcomes agree
 * while acknowledgements are being applied.
 */
export function readTasks<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The summary of one task, or null when it does not exist. */
export async function loadTaskSummary(db: Db, taskId: number): Promise<TaskSummary | null> {
  return readTasks(db, async (tx) => {
    const [row] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).limit(1);
    if (!row) return null;
    return presentTask(row, (await outcomesOf(tx, [row.id])).get(row.id) ?? []);
  });
}

/** A task with each device's name, status and failure reason. */
export async function loadTaskDetail(db: Db, row: TaskRow): Promise<TaskDetail> {
  const rows = await db
    .select({
      deviceId: taskDevices.deviceId,
      name: devices.name,
      status: taskDevices.status,
      reason: taskDevices.reason,
    })
    .from(taskDevices)
    .innerJoin(devices, eq(devices.id, taskDevices.deviceId))
    .where(eq(taskDevices.taskId, row.id))
    .orderBy(devices.name, devices.id);
  return presentTaskDetail(row, rows);
}

/** Sends the current summary of tasks to the browsers watching their networks. */
export async function publishTasks(ctx: AppContext, taskIds: number[]): Promise<void> {
  for (const id of taskIds) {
    const task = await loadTaskSummary(ctx.db, id);
    if (task) await ctx.live.publish({ type: 'task', nid: task.nid, task });
  }
}
