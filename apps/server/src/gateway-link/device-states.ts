import type { LiveEvent } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deviceElements, devices } from '../db/schema.ts';
import type { Applied } from '../link-types.ts';
import { faultyAmong } from '../services/device-faults.ts';

/* Live state of devices, as browsers draw it: what a `devices` event and `deviceStateList` carry. */

/**
 * Live state of devices as the plan draws it (`deviceStateList` and `devices` events), with whether the
 * console counts each faulty at `now` (`loadFaultyDevices`).
 */
export async function loadDeviceStates(db: Db, nid: number, ids?: number[], now = new Date()) {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({ id: devices.id, online: devices.online })
    .from(devices)
    .where(and(eq(devices.nid, nid), ...(ids ? [inArray(devices.id, ids)] : [])))
    .orderBy(devices.id);
  if (rows.length === 0) return [];
  const elements = await db
    .select()
    .from(deviceElements)
    .where(
      inArray(
        deviceElements.deviceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(deviceElements.deviceId, deviceElements.index);
  const byDevice = new Map<number, (typeof elements)[number][]>();
  for (const element of elements) {
    const list = byDevice.get(element.deviceId) ?? [];
    list.push(element);
    byDevice.set(element.deviceId, list);
  }
  const faulty = await faultyAmong(
    db,
    rows.map((row) => row.id),
    elements,
    now,
  );
  return rows.map((row) => ({
    id: row.id,
    online: row.online,
    fault: faulty.has(row.id),
    elements: (byDevice.get(row.id) ?? []).map((e) => ({
      index: e.index,
      type: e.type,
      onOff: e.onOff,
      lightness: e.lightness,
      cct: e.cct,
      status: e.status,
      isLinear: e.isLinear,
    })),
  }));
}

/** Live events of one applied message: its own events and a `devices` event for changed devices. */
export async function liveEventsOf(db: Db, applied: Applied): Promise<LiveEvent[]> {
  const events = [...(applied.events ?? [])];
  if (applied.devices && applied.devices.ids.length > 0) {
    const states = await loadDeviceStates(db, applied.devices.nid, applied.devices.ids);
    if (states.length > 0) events.push({ type: 'devices', nid: applied.devices.nid, devices: states });
  }
  return events;
}
