import {
  BUSY_TASK_STATUSES,
  COMMAND_REFUSAL_CODES,
  type CommandAction,
  type CommandMessage,
  type CommandRefusal,
  chooseGateway,
  commandRefusal,
  normaliseGatewayOnLoad,
  TaskStatus,
  type TaskSummary,
  taskTimeoutMs,
} from '@lightwell/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { devices, gateways, taskDevices, tasks } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { noPermission } from '../../policies/access.ts';
import { presentTask } from '../../presenters/task.ts';
import { startPhaseClock } from './command-timing.ts';
import { endTasks } from './end-task.ts';
import { loadTaskSummary, publishTasks } from './task-store.ts';

export { resolveTargetDevices } from './resolve-targets.ts';

/** What a command is sent for; `deviceIds` are already resolved and checked to be in `nid`. */
export interface CommandRequest {
  nid: number;
  /** Who asked; null for the console's own jobs (schedules). */
  uid: number | null;
  /** Gateway chosen in the browser; when missing the section-4 choice rule picks one. */
  gatewayId?: number;
  targetKind: 'device' | 'zone' | 'group' | 'scene' | 'network' | 'project' | 'profile';
  targetId: number | null;
  /** Devices the command is for (already resolved and checked to be in `nid`). */
  deviceIds: number[];
  action: CommandAction;
  /**
   * Devices of `deviceIds` the command must not be sent to, with the reason their outcome gives (an
   * emergency fitting held from "resume normal" in a real emergency): they fail at once, like offline ones.
   */
  held?: ReadonlyMap<number, string>;
  /** How long to wait for outcomes; by default `taskTimeoutMs` of the devices sent to. */
  timeoutMs?: number;
}

/** Messages of the refusals (section 8 texts). */
const REFUSAL_MESSAGES: Record<CommandRefusal, string> = {
  noGateway: 'No gateway.',
  loc933: 'No device selected.',
  loc934: 'Gateway offline.',
  loc938: 'Mesh off-line.',
  busy: 'Gateway executing a task so add failed.',
  allOffline: 'Device not online.',
};

type GatewayRow = typeof gateways.$inferSelect;

/**
 * The gateway a command goes through: the one the browser chose (1013 unless it belongs to the network),
 * else the section-4 choice rule on the network's gateways after the on-load rule; null when there is none.
 * All gateways of a network bridge one mesh, so any of them reaches every device of the network.
 */
async function pickGateway(db: Db, nid: number, gatewayId: number | undefined): Promise<GatewayRow | null> {
  const rows = await db.select().from(gateways).where(eq(gateways.nid, nid)).orderBy(gateways.id);
  const list = rows.map(normaliseGatewayOnLoad);
  if (gatewayId !== undefined) {
    const chosen = list.find((g) => g.id === gatewayId);
    if (!chosen) throw noPermission();
    return chosen;
  }
  return chooseGateway(list, null);
}

/** Devices a command may reach: real ones of the network with a mesh address; online ones get it. */
async function loadTargets(db: Db, nid: number, deviceIds: number[]) {
  const ids = [...new Set(deviceIds)];
  if (ids.length === 0) return [];
  return db
    .select({ id: devices.id, mac: devices.mac, address: devices.address, online: devices.online })
    .from(devices)
    .where(and(eq(devices.nid, nid), inArray(devices.id, ids), eq(devices.isVirtual, false)))
    .orderBy(devices.id);
}

/**
 * Creates the task, sends it, answers its summary; throws CallError 1070-1075 for the refusals (1075 after
 * storing the task as non-execution, with its summary as data). Devices that are not online fail at once
 * with reason 'offline', held ones with their reason; the rest are sent in one `CommandMessage` on the
 * gateway's command topic. When held devices leave nothing to send, the task is stored as non-execution
 * and answered without a refusal: each device's outcome says why.
 */
export async function sendCommand(ctx: AppContext, request: CommandRequest): Promise<TaskSummary> {
  const clock = startPhaseClock();
  const [gateway, targets] = await Promise.all([
    pickGateway(ctx.db, request.nid, request.gatewayId),
    loadTargets(ctx.db, request.nid, request.deviceIds),
  ]);
  const held = request.held ?? new Map<number, string>();
  const reachable = targets.filter((d) => d.online && d.address !== null && !held.has(d.id));
  const timeoutMs = request.timeoutMs ?? taskTimeoutMs(reachable.length, { baseMs: ctx.config.commandTimeoutBaseMs });
  const refusalOf = (busy: boolean) =>
    commandRefusal({
      gateway,
      selectedDevices: targets.length,
      onlineDevices: reachable.length,
      gatewayBusy: busy,
    });
  const early = refusalOf(false);
  if (early && early !== 'allOffline') throw refusal(early);

  const gw = gateway!;
  const outcome = await ctx.db.transaction(async (tx) => {
    // Lock the gateway so two commands cannot both find it idle.
    await tx.select({ id: gateways.id }).from(gateways).where(eq(gateways.id, gw.id)).for('update');
    const [busyTask] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.gatewayId, gw.id), inArray(tasks.status, [...BUSY_TASK_STATUSES])))
      .limit(1);
    const refused = refusalOf(busyTask !== undefined);
    if (refused && refused !== 'allOffline') return { refused, task: null };
    const plan = { gatewayId: gw.id, targets, reachable, held, timeoutMs, nonExecution: refused === 'allOffline' };
    return { refused, task: await insertTask(tx, ctx.now(), request, plan) };
  });

  const task = outcome.task;
  if (!task) throw refusal(outcome.refused!);
  // The browsers hear of the task while the command goes out: one connection sends both, in this order.
  const announced = ctx.live.publish({ type: 'task', nid: task.nid, task }).then(
    () => null,
    (error: unknown) => error ?? new Error('live update not published'),
  );
  // Nothing sent because some devices were held: their outcomes say why, so it is no "device not online".
  const heldAny = targets.some((d) => held.has(d.id));
  if (outcome.refused) {
    const failure = await announced;
    if (failure) throw failure;
    if (!heldAny) throw refusal(outcome.refused, task);
    return task;
  }

  const message: CommandMessage = {
    taskId: task.id,
    targets: reachable.map((d) => ({ mac: d.mac, address: d.address! })),
    action: request.action,
    timeoutMs,
  };
  const sent = await ctx.link.publish(gw.sn, 'command', message).then(
    () => true,
    () => false,
  );
  if (sent) {
    clock('send');
    const failure = await announced;
    if (failure) throw failure;
    return task;
  }
  // The broker did not take it: nothing will answer, so the task fails now instead of at its deadline.
  await endTasks(ctx.db, [task.id], ctx.now(), 'fault');
  await publishTasks(ctx, [task.id]);
  return (await loadTaskSummary(ctx.db, task.id)) ?? task;
}

type Target = Awaited<ReturnType<typeof loadTargets>>[number];

/**
 * Stores a task and its devices in one statement (the task's insert as a CTE feeding its devices'):
 * reachable devices wait, held ones failed with their reason, the others 'offline'. Answers its summary.
 */
async function insertTask(
  tx: Db,
  now: Date,
  request: CommandRequest,
  plan: {
    gatewayId: number;
    targets: Target[];
    reachable: Target[];
    held: ReadonlyMap<number, string>;
    timeoutMs: number;
    nonExecution: boolean;
  },
): Promise<TaskSummary> {
  const values = {
    nid: request.nid,
    gatewayId: plan.gatewayId,
    uid: request.uid,
    targetKind: request.targetKind,
    targetId: request.targetId,
    action: request.action as unknown as Record<string, unknown>,
    status: plan.nonExecution ? TaskStatus.nonExecution : TaskStatus.waiting,
    total: plan.targets.length,
    executed: 0,
    failed: plan.targets.length - plan.reachable.length,
    createdAt: now,
    startedAt: null,
    endedAt: plan.nonExecution ? now : null,
    deadlineAt: new Date(now.getTime() + plan.timeoutMs),
  };
  const sent = new Set(plan.reachable.map((d) => d.id));
  const outcomes = plan.targets.map((d) => ({
    deviceId: d.id,
    status: sent.has(d.id) ? TaskStatus.waiting : TaskStatus.failed,
    reason: sent.has(d.id) ? null : (plan.held.get(d.id) ?? 'offline'),
  }));
  const inserted = tx.$with('inserted_task').as(tx.insert(tasks).values(values).returning({ id: tasks.id }));
  const rows = await tx
    .with(inserted)
    .insert(taskDevices)
    .select(
      sql`select ${inserted.id}, d."deviceId", d.status, d.reason from ${inserted}, jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as d("deviceId" integer, status smallint, reason text)`,
    )
    .returning({ taskId: taskDevices.taskId });
  return presentTask({ ...values, id: rows[0]!.taskId }, outcomes);
}

function refusal(kind: CommandRefusal, task: TaskSummary | null = null): CallError {
  return new CallError(COMMAND_REFUSAL_CODES[kind], REFUSAL_MESSAGES[kind], task);
}
