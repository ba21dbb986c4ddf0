import { TaskStatus } from '@lightwell/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type emergencyTestRetries, type emergencyTestRuns, taskDevices, tasks } from '../../db/schema.ts';

export type RunRow = typeof emergencyTestRuns.$inferSelect;
export type RetryRow = typeof emergencyTestRetries.$inferSelect;

/** Outcomes of a task that did not reach a fitting: not sent (offline), the gateway refused (busy), no answer. */
const NOT_REACHED: readonly (string | null)[] = ['offline', 'busy', 'timeout'];

/** A fitting of an open window that no try has reached yet. */
export interface Unreached {
  deviceId: number;
  /** Its batch: the next try is due at the batch's time, with the batch's test. */
  run: RunRow;
  /** The next try's number (the batch is try 0). */
  attempt: number;
  /** After no answer, the fitting must have been heard from since this time before it is tried again. */
  heardAfter: Date | null;
  /** Tasks of its tries so far: a record of one of them means a try reached it after all. */
  taskIds: number[];
}

export const windowKey = (row: { scheduleId: number; windowStart: Date }) =>
  `${row.scheduleId}:${row.windowStart.getTime()}`;

/**
 * The fittings of started batches that no try reached: the latest try of each (its batch, then the tries
 * after it, by attempt) was refused before anything was sent, or its task failed the fitting as offline,
 * busy or timeout. A try still being started or still under way, one that reached the fitting, and one whose
 * task the network does not hold (nothing to tell) leave the fitting out.
 */
export async function unreachedFittings(db: Db, runs: readonly RunRow[], retries: readonly RetryRow[], now: Date) {
  const latest = new Map<string, Unreached & { taskId: number | null; refused: boolean }>();
  for (const run of runs) {
    if (run.startedAt === null) continue;
    for (const deviceId of run.deviceIds) {
      latest.set(`${windowKey(run)}:${deviceId}`, {
        deviceId,
        run,
        attempt: 0,
        heardAfter: null,
        taskIds: run.taskId === null ? [] : [run.taskId],
        taskId: run.taskId,
        refused: run.taskId === null && (run.result?.startsWith('failed') ?? false),
      });
    }
  }
  for (const retry of [...retries].sort((a, b) => a.attempt - b.attempt)) {
    const entry = latest.get(`${windowKey(retry)}:${retry.deviceId}`);
    if (!entry || retry.attempt <= entry.attempt) continue;
    entry.attempt = retry.attempt;
    entry.taskId = retry.taskId;
    entry.refused = false;
    if (retry.taskId !== null) entry.taskIds.push(retry.taskId);
  }
  const taskIds = [...new Set([...latest.values()].map((e) => e.taskId).filter((id): id is number => id !== null))];
  const taskRows =
    taskIds.length === 0
      ? []
      : await db
          .select({ id: tasks.id, nid: tasks.nid, endedAt: tasks.endedAt })
          .from(tasks)
          .where(inArray(tasks.id, taskIds));
  const outcomes =
    taskIds.length === 0
      ? []
      : await db
          .select({
            taskId: taskDevices.taskId,
            deviceId: taskDevices.deviceId,
            status: taskDevices.status,
            reason: taskDevices.reason,
          })
          .from(taskDevices)
          .where(inArray(taskDevices.taskId, taskIds));
  const taskOf = new Map(taskRows.map((row) => [row.id, row]));
  const outcomeOf = new Map(outcomes.map((row) => [`${row.taskId}:${row.deviceId}`, row]));
  const out: Unreached[] = [];
  for (const { taskId, refused, ...entry } of latest.values()) {
    if (taskId === null) {
      if (refused) out.push({ ...entry, attempt: entry.attempt + 1 });
      continue;
    }
    const task = taskOf.get(taskId);
    const outcome = outcomeOf.get(`${taskId}:${entry.deviceId}`);
    if (!task || task.nid !== entry.run.nid || !outcome) continue;
    if (outcome.status !== TaskStatus.failed || !NOT_REACHED.includes(outcome.reason)) continue;
    out.push({
      ...entry,
      attempt: entry.attempt + 1,
      heardAfter: outcome.reason === 'timeout' ? (task.endedAt ?? now) : null,
    });
  }
  return out;
}
