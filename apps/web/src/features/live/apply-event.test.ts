import { type TaskDetail, TaskStatus, type TaskSummary } from '@lightwell/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { controlKeys } from '../../api/control';
import { deviceKeys } from '../../api/device';
import { gatewayKeys } from '../../api/gateway';
import { applyLiveEvent, parseLiveEvent } from './apply-event';
import { liveBackoffMs } from './live-stream';
import { keepLaterTasks } from './merge';

const uid = 5;
const nid = 9;
const element = (onOff: number, lightness: number, index = 0) => ({
  index,
  type: 1,
  onOff,
  lightness,
  cct: null,
  status: 0,
});
const task = (overrides: Partial<TaskSummary> = {}): TaskSummary => ({
  id: 40,
  nid,
  gatewayId: 2,
  status: TaskStatus.executing,
  targetKind: 'zone',
  targetId: 3,
  total: 10,
  executed: 4,
  failed: 0,
  failures: {},
  createTime: 1_700_000_000_000,
  endTime: null,
  ...overrides,
});
const gateway = {
  id: 2,
  nid,
  sn: 'gw-1',
  name: 'Hall',
  gatewayType: 1,
  status: 2,
  meshStatus: 1,
  online: true,
  firmware: '1.0',
  lastSeen: 100,
  createTime: 1,
};

function clientWithState() {
  const client = new QueryClient();
  client.setQueryData(controlKeys.deviceState(uid, nid), {
    devices: [
      { id: 1, nodeIds: [11], online: true, elements: [element(1, 80), element(1, 80, 1)] },
      { id: 2, nodeIds: [12], online: true, elements: [element(1, 80)] },
    ],
  });
  client.setQueryData(gatewayKeys.list(uid, nid), [gateway]);
  return client;
}

describe('live events into the query cache', () => {
  it('parses only valid live events', () => {
    expect(parseLiveEvent('{"type":"inventory","nid":9}')).toEqual({ type: 'inventory', nid: 9 });
    expect(parseLiveEvent('{"type":"devices","nid":"x"}')).toBeNull();
    expect(parseLiveEvent('not json')).toBeNull();
  });

  it('merges reported device states element by element', () => {
    const client = clientWithState();
    applyLiveEvent(client, uid, nid, {
      type: 'devices',
      nid,
      devices: [{ id: 1, online: true, elements: [element(0, 80, 1)] }],
    });
    applyLiveEvent(client, uid, nid, { type: 'devices', nid, devices: [{ id: 2, online: false, elements: [] }] });
    expect(client.getQueryData(controlKeys.deviceState(uid, nid))).toEqual({
      devices: [
        { id: 1, nodeIds: [11], online: true, elements: [element(1, 80), element(0, 80, 1)] },
        { id: 2, nodeIds: [12], online: false, elements: [element(1, 80)] },
      ],
    });
  });

  it('ignores events of another network', () => {
    const client = clientWithState();
    const before = client.getQueryData(controlKeys.deviceState(uid, nid));
    applyLiveEvent(client, uid, nid, { type: 'devices', nid: 10, devices: [{ id: 1, online: false, elements: [] }] });
    expect(client.getQueryData(controlKeys.deviceState(uid, nid))).toBe(before);
  });

  it('updates a gateway with the online rule applied again', () => {
    const client = clientWithState();
    applyLiveEvent(client, uid, nid, {
      type: 'gateway',
      nid,
      gateway: { id: 2, status: 1, meshStatus: 0, lastSeen: 200 },
    });
    expect(client.getQueryData(gatewayKeys.list(uid, nid))).toEqual([
      { ...gateway, status: 1, meshStatus: 0, online: false, lastSeen: 200 },
    ]);
    applyLiveEvent(client, uid, nid, {
      type: 'gateway',
      nid,
      gateway: { id: 2, status: 2, meshStatus: 1, lastSeen: 300 },
    });
    expect(client.getQueryData<(typeof gateway)[]>(gatewayKeys.list(uid, nid))?.[0]?.online).toBe(true);
  });

  it('updates a task and its row in a cached page, keeping the per-device rows', () => {
    const client = clientWithState();
    const detail: TaskDetail = { ...task(), devices: [{ deviceId: 1, name: 'A', status: 3, reason: null }] };
    client.setQueryData(controlKeys.task(uid, 40), detail);
    client.setQueryData(controlKeys.taskPage(uid, nid, 1, 10), { total: 1, list: [task()] });
    const ended = task({ status: TaskStatus.failed, executed: 9, failed: 1, failures: { offline: 1 }, endTime: 5 });
    applyLiveEvent(client, uid, nid, { type: 'task', nid, task: ended });
    expect(client.getQueryData(controlKeys.task(uid, 40))).toEqual({ ...ended, devices: detail.devices });
    expect(client.getQueryData(controlKeys.taskPage(uid, nid, 1, 10))).toEqual({ total: 1, list: [ended] });
  });

  it('never puts a task back a step: a late canceling view or a stale fetched page keeps the canceled task', () => {
    const client = clientWithState();
    const canceled = task({
      status: TaskStatus.canceled,
      executed: 9,
      failed: 1,
      failures: { canceled: 1 },
      endTime: 6,
    });
    const canceling = task({ status: TaskStatus.canceling, executed: 9 });
    client.setQueryData(controlKeys.task(uid, 40), { ...canceled, devices: [] });
    client.setQueryData(controlKeys.taskPage(uid, nid, 1, 10), { total: 1, list: [canceled] });
    applyLiveEvent(client, uid, nid, { type: 'task', nid, task: canceling });
    expect(client.getQueryData<TaskDetail>(controlKeys.task(uid, 40))?.status).toBe(TaskStatus.canceled);
    expect(client.getQueryData(controlKeys.taskPage(uid, nid, 1, 10))).toEqual({ total: 1, list: [canceled] });

    const other = task({ id: 41, status: TaskStatus.executing });
    const fetched = { total: 2, list: [canceling, other] };
    expect(keepLaterTasks({ total: 1, list: [canceled] }, fetched)).toEqual({ total: 2, list: [canceled, other] });
    const newer = { total: 1, list: [canceled] };
    expect(keepLaterTasks({ total: 1, list: [canceling] }, newer)).toBe(newer);
  });

  it('marks the lists stale on an inventory change and for a task no page holds', () => {
    const client = clientWithState();
    client.setQueryData(controlKeys.taskPage(uid, nid, 1, 10), { total: 0, list: [] });
    applyLiveEvent(client, uid, nid, { type: 'task', nid, task: task({ id: 41 }) });
    expect(client.getQueryState(controlKeys.taskPage(uid, nid, 1, 10))?.isInvalidated).toBe(true);
    const devicePage = deviceKeys.list(uid, nid, { page: 1, pageSize: 10 });
    client.setQueryData(devicePage, { list: [], total: 0 });
    applyLiveEvent(client, uid, nid, { type: 'inventory', nid });
    expect(client.getQueryState(controlKeys.deviceState(uid, nid))?.isInvalidated).toBe(true);
    expect(client.getQueryState(gatewayKeys.list(uid, nid))?.isInvalidated).toBe(true);
    expect(client.getQueryState(devicePage)?.isInvalidated).toBe(true);
  });

  it('waits longer after each failed reconnection, up to 30 s', () => {
    expect([0, 1, 2, 3, 10].map((attempt) => liveBackoffMs(attempt, () => 0))).toEqual([1000, 2000, 4000, 8000, 30000]);
    expect(liveBackoffMs(0, () => 1)).toBe(1200);
  });
});
