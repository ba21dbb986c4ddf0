import { type DeviceFailure, settledTaskStatus, TaskStatus, tallyTask } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskDevices, tasks } from '../../db/schema.ts';
import { outcomesOf } from './task-store.ts';

/**
 * Ends tasks: devices still waiting fail with `pendingReason`, and each task takes `status` (by default
 * executed when every device executed, else failed), its end time and its counts. Run it inside the
 * transaction that holds the tasks' rows.
 */
export async function endTasks(
  db: Db,
  taskIds: number[],
  now: Date,
  pendingReason: DeviceFailure,
  status?: number,
): Promise<void> {
  if (taskIds.length === 0) return;
  await db
    .update(taskDevices)
    .set({ status: TaskStatus.failed, reason: pendingReason })
    .where(and(inArray(taskDevices.taskId, taskIds), eq(taskDevices.status, TaskStatus.waiting)));
  const outcomes = await outcomesOf(db, taskIds);
  for (const id of taskIds) {
    const tally = tallyTask(outcomes.get(id) ?? []);
    await db
      .update(tasks)
      .set({
        status: status ?? settledTaskStatus(tally),
        endedAt: now,
        executed: tally.executed,
        failed: tally.failed,
      })
      .where(eq(tasks.id, id));
  }
}
