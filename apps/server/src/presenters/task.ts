import {
  epochSeconds,
  epochSecondsOrNull,
  type TaskDetail,
  type TaskStatusValue,
  type TaskSummary,
  tallyTask,
} from '@lightwell/domain';
import type { tasks } from '../db/schema.ts';

/** A task row. */
export type TaskRow = typeof tasks.$inferSelect;

/** The summary of a task (the allow-list of what leaves the server), from its row and its devices' outcomes. */
export function presentTask(row: TaskRow, outcomes: { status: number; reason: string | null }[]): TaskSummary {
  const tally = tallyTask(outcomes);
  return {
    id: row.id,
    nid: row.nid,
    gatewayId: row.gatewayId,
    status: row.status as TaskStatusValue,
    targetKind: row.targetKind,
    targetId: row.targetId,
    total: tally.total,
    executed: tally.executed,
    failed: tally.failed,
    failures: tally.failures,
    createTime: epochSeconds(row.createdAt),
    endTime: epochSecondsOrNull(row.endedAt),
  };
}

/** A task with each device's name, status and failure reason. */
export function presentTaskDetail(
  row: TaskRow,
  outcomes: { deviceId: number; name: string; status: number; reason: string | null }[],
): TaskDetail {
  return {
    ...presentTask(row, outcomes),
    devices: outcomes.map(({ deviceId, name, status, reason }) => ({
      deviceId,
      name,
      status: status as TaskStatusValue,
      reason,
    })),
  };
}
