import { describe, expect, it } from 'vitest';
import { LiveEventSchema } from './live.ts';
import { isLiveEvent } from './live-event-guard.ts';

const element = { index: 0, type: 1, onOff: 1, lightness: 42.5, cct: null, status: 0, isLinear: true };
const task = {
  id: 7,
  nid: 3,
  gatewayId: 2,
  status: 2,
  targetKind: 'zone',
  targetId: 5,
  total: 10,
  executed: 9,
  failed: 1,
  failures: { offline: 1 },
  createTime: 1_700_000_000,
  endTime: null,
};

const accepted: unknown[] = [
  { type: 'devices', nid: 3, devices: [{ id: 1, online: true, elements: [element] }] },
  { type: 'devices', nid: 3, devices: [{ id: 1, online: false, elements: [{ ...element, isLinear: undefined }] }] },
  { type: 'gateway', nid: 3, gateway: { id: 2, status: 1, meshStatus: 0, lastSeen: null } },
  { type: 'task', nid: 3, task },
  { type: 'task', nid: 3, task: { ...task, status: 6, endTime: 1_700_000_100, failures: {} } },
  { type: 'inventory', nid: 3 },
];

const refused: unknown[] = [
  null,
  'inventory',
  [],
  { type: 'inventory' },
  { type: 'inventory', nid: '3' },
  { type: 'inventory', nid: 1.5 },
  { type: 'unknown', nid: 3 },
  { type: 'devices', nid: 3 },
  { type: 'devices', nid: 3, devices: [{ id: 1, online: 'yes', elements: [] }] },
  { type: 'devices', nid: 3, devices: [{ id: 1, online: true, elements: [{ ...element, lightness: '42' }] }] },
  { type: 'devices', nid: 3, devices: [{ id: 1, online: true, elements: [{ ...element, cct: 1.5 }] }] },
  { type: 'devices', nid: 3, devices: [{ id: 1, online: true, elements: [{ ...element, isLinear: 1 }] }] },
  { type: 'gateway', nid: 3, gateway: { id: 2, status: 1, meshStatus: 0 } },
  { type: 'task', nid: 3, task: { ...task, status: 7 } },
  { type: 'task', nid: 3, task: { ...task, status: -1 } },
  { type: 'task', nid: 3, task: { ...task, failures: { offline: 'one' } } },
  { type: 'task', nid: 3, task: { ...task, targetKind: 4 } },
  { type: 'task', nid: 3, task: { ...task, endTime: undefined } },
];

describe('the live-event check agrees with LiveEventSchema', () => {
  it.each(accepted.map((event) => [JSON.stringify(event), event]))('accepts %s', (_, event) => {
    expect(LiveEventSchema.safeParse(event).success).toBe(true);
    expect(isLiveEvent(event)).toBe(true);
  });

  it.each(refused.map((event) => [JSON.stringify(event), event]))('refuses %s', (_, event) => {
    expect(LiveEventSchema.safeParse(event).success).toBe(false);
    expect(isLiveEvent(event)).toBe(false);
  });
});
