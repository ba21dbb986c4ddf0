import { isTaskEnded, statusOnProgress, TaskStatus, tallyTask, taskAfterAck } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { devices, taskDevices, tasks } from '../../db/schema.ts';
import type { AckEvent } from '../../link-types.ts';
import { endTasks } from './end-task.ts';
import { outcomesOf, publishTasks, refreshTaskCounts } from './task-store.ts';

/** A MAC address compared without separators, in upper case (as `MacSchema` stores it). */
const normaliseMac = (mac: string) => mac.replace(/[:\-\s]/g, '').toUpperCase();

/**
 * Applies a gateway's acknowledgement to its task: received/executing → executing; results → each named
 * device executed or failed with the reason; done → the final status; canceled → canceled; refused →
 * failed with 'busy'. Idempotent: an outcome for a device that already has one, or any ack for an ended
 * task or for a task of another gateway, changes nothing. Answers whether the task changed.
 */
export async function applyAck(ctx: AppContext, event: AckEvent): Promise<boolean> {
  const { gateway, message } = event;
  const changed = await ctx.db.transaction(async (tx) => {
    const [task] = await tx
      .select({ id: tasks.id, status: tasks.status, startedAt: tasks.startedAt })
      .from(tasks)
      .where(and(eq(tasks.id, message.taskId), eq(tasks.gatewayId, gateway.id)))
      .for('update');
    if (!task || isTaskEnded(task.status)) return false;
    let dirty = false;

    const results = message.results.map((r) => ({ ...r, mac: normaliseMac(r.mac) }));
    if (results.length > 0) {
      const pending = await tx
        .select({ deviceId: taskDevices.deviceId, mac: devices.mac })
        .from(taskDevices)
        .innerJoin(devices, eq(devices.id, taskDevices.deviceId))
        .where(and(eq(taskDevices.taskId, task.id), eq(taskDevices.status, TaskStatus.waiting)));
      const byMac = new Map(pending.map((p) => [normaliseMac(p.mac), p.deviceId]));
      // One update per outcome: executed, or failed with one reason.
      const groups = new Map<string, number[]>();
      for (const result of results) {
        const deviceId = byMac.get(result.mac);
        if (deviceId === undefined) continue;
        const key = result.ok ? '' : (result.reason ?? 'fault');
        groups.set(key, [...(groups.get(key) ?? []), deviceId]);
      }
      for (const [reason, ids] of groups) {
        await tx
          .update(taskDevices)
          .set(reason === '' ? { status: TaskStatus.executed, reason: null } : { status: TaskStatus.failed, reason })
          .where(
            and(
              eq(taskDevices.taskId, task.id),
              inArray(taskDevices.deviceId, ids),
              eq(taskDevices.status, TaskStatus.waiting),
            ),
          );
        dirty = true;
      }
    }

    const tally = tallyTask((await outcomesOf(tx, [task.id])).get(task.id) ?? []);
    const next = taskAfterAck(task.status, message.state, tally);
    const now = ctx.now();
    if (next.end) {
      await endTasks(tx, [task.id], now, next.pendingReason ?? 'timeout', next.status);
      return true;
    }
    // Outcomes arriving mean the gateway is executing, whatever the ack's state says.
    const status = dirty ? statusOnProgress(next.status) : next.status;
    if (status !== task.status || dirty) {
      await tx
        .update(tasks)
        .set({ status, startedAt: task.startedAt ?? now })
        .where(eq(tasks.id, task.id));
      await refreshTaskCounts(tx, [task.id]);
      return true;
    }
    return false;
  });
  if (changed) await publishTasks(ctx, [message.taskId]);
  return changed;
}
