import { Code, type CodeValue } from '../codes.ts';
import type { AckMessage, DeviceFailure } from '../protocol/messages.ts';
import { isTaskEnded, TaskStatus, type TaskStatusValue } from '../protocol/task-status.ts';
import { type GatewayState, gatewayOperationRefusal } from './gateway.ts';

/*
 * Command lifecycle (section 4 task states; docs/gateway-protocol.md "Commands and tasks").
 * A task ends `executed` when every device executed, `failed` when at least one device failed (for any
 * reason: offline, timeout, fault, busy, …), `non-execution` when nothing could be sent because every
 * target was offline, and `canceled` when a cancel was confirmed by the gateway or its deadline passed
 * while canceling. Devices use the same numbers: 0 waiting, 3 executed, 4 failed (with a reason).
 */

/** Status of one device within a task. */
export type TaskDeviceStatus = typeof TaskStatus.waiting | typeof TaskStatus.executed | typeof TaskStatus.failed;

/** One device's outcome as stored. */
export interface TaskDeviceOutcome {
  status: number;
  reason: string | null;
}

/** Per-device tally of a task: "9 executed, 1 failed (device not online)". The web formats it with i18n. */
export interface TaskTally {
  total: number;
  executed: number;
  failed: number;
  /** Devices without an outcome yet. */
  pending: number;
  /** Failed devices by reason, e.g. `{ offline: 1 }`. */
  failures: Record<string, number>;
}

/** Counts the outcomes of a task's devices. */
export function tallyTask(devices: readonly TaskDeviceOutcome[]): TaskTally {
  const tally: TaskTally = { total: devices.length, executed: 0, failed: 0, pending: 0, failures: {} };
  for (const device of devices) {
    if (device.status === TaskStatus.executed) tally.executed += 1;
    else if (device.status === TaskStatus.failed) {
      tally.failed += 1;
      const reason = device.reason ?? 'fault';
      tally.failures[reason] = (tally.failures[reason] ?? 0) + 1;
    } else tally.pending += 1;
  }
  return tally;
}

/** Status a task ends with once no device is pending: executed when all executed, else failed. */
export function settledTaskStatus(tally: Pick<TaskTally, 'executed' | 'failed'>): TaskStatusValue {
  return tally.failed > 0 ? TaskStatus.failed : TaskStatus.executed;
}

/** What the first ack of a task changes: waiting becomes executing; a canceling task stays canceling. */
export function statusOnProgress(current: number): number {
  return current === TaskStatus.waiting ? TaskStatus.executing : current;
}

/**
 * How an acknowledgement (`AckMessage.state`) ends a task, given the devices still pending after its
 * results were applied: `end` is the final status (null: still running) and `pendingReason` the failure
 * given to every device still pending when it ends. Ended tasks are never changed (`null` end, no reason).
 */
export function taskAfterAck(
  current: number,
  state: AckMessage['state'],
  tally: Pick<TaskTally, 'executed' | 'failed' | 'pending'>,
): { status: number; end: boolean; pendingReason: DeviceFailure | null } {
  if (isTaskEnded(current)) return { status: current, end: false, pendingReason: null };
  switch (state) {
    case 'received':
    case 'executing':
      return { status: statusOnProgress(current), end: false, pendingReason: null };
    case 'refused':
      return { status: TaskStatus.failed, end: true, pendingReason: 'busy' };
    case 'canceled':
      return { status: TaskStatus.canceled, end: true, pendingReason: 'canceled' };
    case 'done': {
      // Devices the gateway did not report on before `done` never answered it.
      const failed = tally.failed + tally.pending;
      return { status: settledTaskStatus({ executed: tally.executed, failed }), end: true, pendingReason: 'timeout' };
    }
  }
}

/**
 * How the deadline sweep ends a task that is still open: a canceling task becomes canceled (pending
 * devices 'canceled'), any other becomes failed or executed with pending devices failed 'timeout'.
 */
export function taskAfterDeadline(
  current: number,
  tally: Pick<TaskTally, 'executed' | 'failed' | 'pending'>,
): { status: number; pendingReason: DeviceFailure } {
  if (current === TaskStatus.canceling) return { status: TaskStatus.canceled, pendingReason: 'canceled' };
  const failed = tally.failed + tally.pending;
  return { status: settledTaskStatus({ executed: tally.executed, failed }), pendingReason: 'timeout' };
}

/** Whether a task may still be canceled (waiting or executing); canceling again is a no-op. */
export function isTaskCancelable(status: number): boolean {
  return status === TaskStatus.waiting || status === TaskStatus.executing;
}

/** Statuses in which a task occupies its gateway (a new command is refused with 1074). */
export const BUSY_TASK_STATUSES = [TaskStatus.waiting, TaskStatus.executing, TaskStatus.canceling] as const;

/** Command time limits: the console waits `baseMs + perDeviceMs × devices`, capped at `maxMs`. */
export const TaskTimeouts = { baseMs: 5_000, perDeviceMs: 100, maxMs: 600_000, minMs: 100 } as const;

/** Milliseconds the console waits for a command to `devices` devices before timing the rest out. */
export function taskTimeoutMs(
  devices: number,
  limits: Partial<Record<keyof typeof TaskTimeouts, number>> = {},
): number {
  const { baseMs, perDeviceMs, maxMs, minMs } = { ...TaskTimeouts, ...limits };
  return Math.min(maxMs, Math.max(minMs, Math.round(baseMs + perDeviceMs * Math.max(0, devices))));
}

/** Why a command is refused before it is sent, in the order the checks run. */
export type CommandRefusal = 'noGateway' | 'loc933' | 'loc934' | 'loc938' | 'busy' | 'allOffline';

/** Result code of each refusal (section 5 and the section 8 message texts). */
export const COMMAND_REFUSAL_CODES = {
  noGateway: Code.noGateway,
  loc933: Code.noDeviceSelected,
  loc934: Code.gatewayOffline,
  loc938: Code.meshOffline,
  busy: Code.gatewayBusy,
  allOffline: Code.deviceNotOnline,
} as const satisfies Record<CommandRefusal, CodeValue>;

/**
 * The refusal of a command, or null when it may be sent: no gateway (1070), then the section-5 gateway
 * checks (loc933 1071, loc934 1072, loc938 1073), then a busy gateway (1074), then every target offline
 * (1075; the task is still stored as non-execution).
 */
export function commandRefusal(input: {
  gateway: GatewayState | null;
  selectedDevices: number;
  onlineDevices: number;
  gatewayBusy: boolean;
}): CommandRefusal | null {
  if (!input.gateway) return 'noGateway';
  const refusal = gatewayOperationRefusal(input.gateway, input.selectedDevices);
  if (refusal) return refusal;
  if (input.gatewayBusy) return 'busy';
  if (input.onlineDevices === 0) return 'allOffline';
  return null;
}
