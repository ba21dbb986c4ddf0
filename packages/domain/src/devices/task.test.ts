import { describe, expect, it } from 'vitest';
import { Code } from '../codes.ts';
import { TaskStatus } from '../protocol/task-status.ts';
import {
  COMMAND_REFUSAL_CODES,
  commandRefusal,
  isTaskCancelable,
  settledTaskStatus,
  statusOnProgress,
  type TaskDeviceOutcome,
  tallyTask,
  taskAfterAck,
  taskAfterDeadline,
  taskTimeoutMs,
} from './task.ts';

const executed: TaskDeviceOutcome = { status: TaskStatus.executed, reason: null };
const offline: TaskDeviceOutcome = { status: TaskStatus.failed, reason: 'offline' };
const timeout: TaskDeviceOutcome = { status: TaskStatus.failed, reason: 'timeout' };
const pending: TaskDeviceOutcome = { status: TaskStatus.waiting, reason: null };
const gw = (gatewayType: number, status: number, meshStatus: number) => ({ id: 1, gatewayType, status, meshStatus });

describe('task tally (section 4, "9 executed, 1 failed")', () => {
  it('counts 9 executed and 1 failed offline', () => {
    expect(tallyTask([...Array(9).fill(executed), offline])).toEqual({
      total: 10,
      executed: 9,
      failed: 1,
      pending: 0,
      failures: { offline: 1 },
    });
  });

  it('groups failures by reason and counts pending devices', () => {
    expect(tallyTask([offline, timeout, timeout, pending, executed])).toEqual({
      total: 5,
      executed: 1,
      failed: 3,
      pending: 1,
      failures: { offline: 1, timeout: 2 },
    });
  });

  it('is empty for no devices', () => {
    expect(tallyTask([])).toEqual({ total: 0, executed: 0, failed: 0, pending: 0, failures: {} });
  });
});

describe('task status after outcomes', () => {
  it.each([
    [{ executed: 10, failed: 0 }, TaskStatus.executed],
    [{ executed: 9, failed: 1 }, TaskStatus.failed],
    [{ executed: 0, failed: 3 }, TaskStatus.failed],
  ])('%j settles as %i', (tally, status) => {
    expect(settledTaskStatus(tally)).toBe(status);
  });

  it.each([
    [TaskStatus.waiting, TaskStatus.executing],
    [TaskStatus.executing, TaskStatus.executing],
    [TaskStatus.canceling, TaskStatus.canceling],
  ])('progress turns %i into %i', (current, next) => {
    expect(statusOnProgress(current)).toBe(next);
  });

  const running = { executed: 2, failed: 0, pending: 1 };
  it.each([
    [TaskStatus.waiting, 'received', running, { status: TaskStatus.executing, end: false, pendingReason: null }],
    [TaskStatus.executing, 'executing', running, { status: TaskStatus.executing, end: false, pendingReason: null }],
    [TaskStatus.executing, 'done', { executed: 3, failed: 0, pending: 0 }, { status: 3, end: true }],
    [TaskStatus.executing, 'done', { executed: 2, failed: 1, pending: 0 }, { status: 4, end: true }],
    [TaskStatus.executing, 'done', running, { status: TaskStatus.failed, end: true, pendingReason: 'timeout' }],
    [TaskStatus.waiting, 'refused', running, { status: TaskStatus.failed, end: true, pendingReason: 'busy' }],
    [TaskStatus.canceling, 'canceled', running, { status: TaskStatus.canceled, end: true, pendingReason: 'canceled' }],
    [TaskStatus.canceling, 'executing', running, { status: TaskStatus.canceling, end: false }],
    [TaskStatus.executed, 'refused', running, { status: TaskStatus.executed, end: false, pendingReason: null }],
    [TaskStatus.canceled, 'done', running, { status: TaskStatus.canceled, end: false, pendingReason: null }],
  ] as const)('task %i with ack %s and %j → %j', (current, state, tally, expected) => {
    expect(taskAfterAck(current, state, tally)).toMatchObject(expected);
  });

  it.each([
    [TaskStatus.executing, { executed: 2, failed: 0, pending: 1 }, TaskStatus.failed, 'timeout'],
    [TaskStatus.waiting, { executed: 0, failed: 0, pending: 4 }, TaskStatus.failed, 'timeout'],
    [TaskStatus.executing, { executed: 4, failed: 0, pending: 0 }, TaskStatus.executed, 'timeout'],
    [TaskStatus.canceling, { executed: 1, failed: 0, pending: 3 }, TaskStatus.canceled, 'canceled'],
  ])('deadline ends task %i with %j as %i, pending devices %s', (current, tally, status, reason) => {
    expect(taskAfterDeadline(current, tally)).toEqual({ status, pendingReason: reason });
  });

  it.each([
    [TaskStatus.waiting, true],
    [TaskStatus.executing, true],
    [TaskStatus.canceling, false],
    [TaskStatus.executed, false],
    [TaskStatus.failed, false],
    [TaskStatus.canceled, false],
    [TaskStatus.nonExecution, false],
  ])('task %i cancelable: %s', (status, cancelable) => {
    expect(isTaskCancelable(status)).toBe(cancelable);
  });
});

describe('task timeout', () => {
  it.each([
    [1, 5_100],
    [10, 6_000],
    [50, 10_000],
    [0, 5_000],
    [100_000, 600_000],
  ])('%i devices wait %i ms', (devices, ms) => {
    expect(taskTimeoutMs(devices)).toBe(ms);
  });

  it('takes shorter limits, never under the minimum', () => {
    expect(taskTimeoutMs(10, { baseMs: 200, perDeviceMs: 10 })).toBe(300);
    expect(taskTimeoutMs(1, { baseMs: 0, perDeviceMs: 0 })).toBe(100);
  });
});

describe('command refusals in order (section 5)', () => {
  const ready = { gateway: gw(3, 2, 1), selectedDevices: 3, onlineDevices: 3, gatewayBusy: false };
  it.each([
    [{ ...ready, gateway: null }, 'noGateway', Code.noGateway],
    [{ ...ready, selectedDevices: 0, gateway: gw(1, 1, 0) }, 'loc933', Code.noDeviceSelected],
    [{ ...ready, gateway: gw(3, 1, 1), gatewayBusy: true }, 'loc934', Code.gatewayOffline],
    [{ ...ready, gateway: gw(1, 2, 0), onlineDevices: 0 }, 'loc938', Code.meshOffline],
    [{ ...ready, gatewayBusy: true, onlineDevices: 0 }, 'busy', Code.gatewayBusy],
    [{ ...ready, onlineDevices: 0 }, 'allOffline', Code.deviceNotOnline],
  ] as const)('%j → %s (%i)', (input, refusal, code) => {
    expect(commandRefusal(input)).toBe(refusal);
    expect(COMMAND_REFUSAL_CODES[refusal]).toBe(code);
  });

  it('lets a command through to a ready gateway, also a mesh-ready gateway of another type', () => {
    expect(commandRefusal(ready)).toBeNull();
    expect(commandRefusal({ ...ready, gateway: gw(1, 2, 1), onlineDevices: 1 })).toBeNull();
  });
});
