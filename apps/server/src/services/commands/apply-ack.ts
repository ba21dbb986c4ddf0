import { type AckMessage, isTaskEnded, statusOnProgress, TaskStatus, tallyTask, taskAfterAck } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { devices, taskDevices, tasks } from '../../db/schema.ts';
import type { AckEvent } from '../../link-types.ts';
import { presentTask, type TaskRow } from '../../presenters/task.ts';
import { startPhaseClock } from './command-timing.ts';

/** A MAC address compared without separators, in upper case (as `MacSchema` stores it). */
const normaliseMac = (mac: string) => mac.replace(/[:\-\s]/g, '').toUpperCase();

/** One device's outcome within a task. */
interface Outcome {
  deviceId: number;
  status: number;
  reason: string | null;
}

/**
 * The outcomes an ack gives: each named device still waiting executed, or failed with the reason; when
 * the task ends, every device still waiting fails with `pendingReason`. Answers the changed outcomes.
 */
function outcomesAfter(
  stored: (Outcome & { mac: string })[],
  results: AckMessage['results'],
): { outcomes: Outcome[]; changed: Outcome[] } {
  // A device named twice keeps its first result, as a stored outcome is never changed.
  const byMac = new Map<string, AckMessage['results'][number]>();
  for (const result of results) if (!byMac.has(normaliseMac(result.mac))) byMac.set(normaliseMac(result.mac), result);
  const changed: Outcome[] = [];
  const outcomes = stored.map(({ mac, ...outcome }) => {
    const result = outcome.status === TaskStatus.waiting ? byMac.get(normaliseMac(mac)) : undefined;
    if (!result) return outcome;
    const next = result.ok
      ? { deviceId: outcome.deviceId, status: TaskStatus.executed, reason: null }
      : { deviceId: outcome.deviceId, status: TaskStatus.failed, reason: result.reason ?? 'fault' };
    changed.push(next);
    return next;
  });
  return { outcomes, changed };
}

/** Stores changed outcomes: one update per outcome (executed, or failed with one reason), waiting devices only. */
async function storeOutcomes(tx: Db, taskId: number, changed: Outcome[]): Promise<void> {
  const groups = new Map<string, { status: number; reason: string | null; ids: number[] }>();
  for (const outcome of changed) {
    const key = `${outcome.status}:${outcome.reason ?? ''}`;
    const group = groups.get(key) ?? { status: outcome.status, reason: outcome.reason, ids: [] };
    group.ids.push(outcome.deviceId);
    groups.set(key, group);
  }
  for (const { status, reason, ids } of groups.values()) {
    await tx
      .update(taskDevices)
      .set({ status, reason })
      .where(
        and(
          eq(taskDevices.taskId, taskId),
          inArray(taskDevices.deviceId, ids),
          eq(taskDevices.status, TaskStatus.waiting),
        ),
      );
  }
}

/**
 * Applies an ack to its locked, open task: answers the stored task and its devices' outcomes, or null when
 * nothing changed. Its own reads and writes only (the task row, its outcomes, the changes), no re-reads:
 * the row lock keeps every other writer of this task out until the transaction ends.
 */
async function applyToTask(
  tx: Db,
  task: TaskRow,
  message: AckMessage,
  now: Date,
): Promise<{ row: TaskRow; outcomes: Outcome[]; ended: boolean } | null> {
  const ending = message.state === 'done' || message.state === 'refused' || message.state === 'canceled';
  // A progress ack without results changes nothing once the task is executing (or canceling).
  if (!ending && message.results.length === 0 && statusOnProgress(task.status) === task.status) return null;
  const stored = await tx
    .select({
      deviceId: taskDevices.deviceId,
      mac: devices.mac,
      status: taskDevices.status,
      reason: taskDevices.reason,
    })
    .from(taskDevices)
    .innerJoin(devices, eq(devices.id, taskDevices.deviceId))
    .where(eq(taskDevices.taskId, task.id))
    .orderBy(taskDevices.deviceId);
  const { outcomes, changed } = outcomesAfter(stored, message.results);
  const next = taskAfterAck(task.status, message.state, tallyTask(outcomes));
  let status = changed.length > 0 ? statusOnProgress(next.status) : next.status;
  if (next.end) {
    // Devices still waiting when the task ends fail with the reason the ack gives.
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.status !== TaskStatus.waiting) continue;
      const failed = { deviceId: outcome.deviceId, status: TaskStatus.failed, reason: next.pendingReason ?? 'timeout' };
      outcomes[i] = failed;
      changed.push(failed);
    }
    status = next.status;
  } else if (status === task.status && changed.length === 0) return null;
  await storeOutcomes(tx, task.id, changed);
  const tally = tallyTask(outcomes);
  const [row] = await tx
    .update(tasks)
    .set({
      status,
      ...(next.end ? { endedAt: now } : { startedAt: task.startedAt ?? now }),
      executed: tally.executed,
      failed: tally.failed,
    })
    .where(eq(tasks.id, task.id))
    .returning();
  return { row: row!, outcomes, ended: next.end };
}

/**
 * Applies a gateway's acknowledgement to its task: received/executing → executing; results → each named
 * device executed or failed with the reason; done → the final status; canceled → canceled; refused →
 * failed with 'busy'. Idempotent: an outcome for a device that already has one, or any ack for an ended
 * task or for a task of another gateway, changes nothing. The changed task is published to the live
 * streams once stored, as the transaction that stored it left it. Answers whether the task changed.
 */
export async function applyAck(ctx: AppContext, event: AckEvent): Promise<boolean> {
  const { gateway, message } = event;
  const clock = startPhaseClock();
  const applied = await ctx.db.transaction(async (tx) => {
    const [task] = await tx
      .select()
      .from(tasks)
      .where(and(eq(tasks.id, message.taskId), eq(tasks.gatewayId, gateway.id)))
      .for('update');
    if (!task || isTaskEnded(task.status)) return null;
    return applyToTask(tx, task, message, ctx.now());
  });
  if (!applied) return false;
  const summary = presentTask(applied.row, applied.outcomes);
  await ctx.live.publish({ type: 'task', nid: summary.nid, task: summary });
  clock(applied.ended ? 'outcome' : 'progress');
  return true;
}
