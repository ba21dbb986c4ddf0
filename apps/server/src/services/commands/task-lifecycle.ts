import {
  type CancelMessage,
  Code,
  isTaskCancelable,
  isTaskEnded,
  TaskStatus,
  type TaskSummary,
} from '@lightwell/domain';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { gateways, tasks } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import type { TaskRow } from '../../presenters/task.ts';
import { applyAck } from './apply-ack.ts';
import { endTasks } from './end-task.ts';
import { beginOverrides } from './manual-overrides.ts';
import { loadTaskSummary, publishTasks } from './task-store.ts';

/** How often every server process looks for tasks past their deadline. */
const SWEEP_INTERVAL_MS = 1000;
/** A cancel waits at most this long for the gateway's 'canceled' before the sweep ends the task. */
const CANCEL_GRACE_MS = 5000;

/** A status number as an SQL literal (a bound parameter would be text in a CASE). */
const literal = (status: number) => sql.raw(String(Math.trunc(status)));

const OPEN_STATUSES = [TaskStatus.waiting, TaskStatus.executing, TaskStatus.canceling];

/**
 * Ends the tasks whose deadline has passed: canceling ones become canceled (devices without an outcome
 * 'canceled'), the others failed (devices without an outcome 'timeout'), or executed when every device
 * did. The claiming `UPDATE … RETURNING` (over rows locked with SKIP LOCKED) takes each task in exactly
 * one process. Answers the ended ids.
 */
export async function sweepOverdueTasks(ctx: AppContext): Promise<number[]> {
  const now = ctx.now();
  const ended = await ctx.db.transaction(async (tx) => {
    // Rows another process (or an ack being applied) holds are skipped, so sweeps never wait on each other.
    const overdue = tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(lt(tasks.deadlineAt, now), inArray(tasks.status, OPEN_STATUSES)))
      .orderBy(tasks.id)
      .limit(500)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(tasks)
      .set({
        status: sql`case when ${tasks.status} = ${literal(TaskStatus.canceling)} then ${literal(TaskStatus.canceled)} else ${literal(TaskStatus.failed)} end`,
        endedAt: now,
      })
      .where(and(inArray(tasks.id, overdue), inArray(tasks.status, OPEN_STATUSES)))
      .returning({ id: tasks.id, status: tasks.status });
    const canceled = claimed.filter((t) => t.status === TaskStatus.canceled).map((t) => t.id);
    const timedOut = claimed.filter((t) => t.status !== TaskStatus.canceled).map((t) => t.id);
    await endTasks(tx, canceled, now, 'canceled', TaskStatus.canceled);
    await endTasks(tx, timedOut, now, 'timeout');
    return claimed.map((t) => t.id);
  });
  await publishTasks(ctx, ended);
  return ended;
}

/**
 * Asks the gateway to stop a task: waiting or executing → canceling, and a `CancelMessage` on its command
 * topic; the gateway's 'canceled' ack ends it, else the sweep does after at most `CANCEL_GRACE_MS`.
 * Canceling again answers the task unchanged; an ended task answers 1083.
 */
export async function cancelTask(ctx: AppContext, task: TaskRow): Promise<TaskSummary> {
  if (isTaskEnded(task.status)) throw new CallError(Code.taskEnded, 'The task has already ended.');
  if (isTaskCancelable(task.status)) {
    const cancelBy = new Date(ctx.now().getTime() + CANCEL_GRACE_MS);
    const [row] = await ctx.db
      .update(tasks)
      .set({
        status: TaskStatus.canceling,
        deadlineAt: sql`least(${tasks.deadlineAt}, ${cancelBy.toISOString()}::timestamptz)`,
      })
      .where(and(eq(tasks.id, task.id), inArray(tasks.status, [TaskStatus.waiting, TaskStatus.executing])))
      .returning({ id: tasks.id });
    if (!row) {
      // It ended or was canceled between the load and the update.
      const current = await loadTaskSummary(ctx.db, task.id);
      if (current && isTaskEnded(current.status)) throw new CallError(Code.taskEnded, 'The task has already ended.');
      return current!;
    }
    const [gateway] = await ctx.db.select({ sn: gateways.sn }).from(gateways).where(eq(gateways.id, task.gatewayId));
    const message: CancelMessage = { cancelTaskId: task.id };
    // If the broker does not take it the sweep still ends the task as canceled at its deadline.
    if (gateway) await ctx.link.publish(gateway.sn, 'command', message).catch(() => undefined);
    await publishTasks(ctx, [task.id]);
  }
  return (await loadTaskSummary(ctx.db, task.id))!;
}

/**
 * Runs the command lifecycle in this process while the app is up: gateway acknowledgements are applied
 * to their tasks, button presses start manual overrides, and the deadline sweep runs every second.
 */
export function registerTaskLifecycle(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let removeAckHandler: (() => void) | undefined;
  let removeManualHandler: (() => void) | undefined;
  let sweeping: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    const ctx = app.ctx;
    removeAckHandler = ctx.link.onAck((event) => applyAck(ctx, event).then(() => undefined));
    // A button pressed at the installation is a manual change, like a command from the console.
    removeManualHandler = ctx.link.onManual((event) =>
      beginOverrides(ctx, event.nid, event.deviceIds).then(() => undefined),
    );
    timer = setInterval(() => {
      if (sweeping) return; // the previous sweep is still running
      sweeping = sweepOverdueTasks(ctx)
        .catch((error: unknown) => app.log.error({ err: error }, 'task sweep failed'))
        .finally(() => {
          sweeping = null;
        });
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // Acknowledgements already received still reach their tasks: the link drains before these handlers go.
    await app.ctx.link.drain();
    removeAckHandler?.();
    removeManualHandler?.();
    await sweeping;
  });
}
