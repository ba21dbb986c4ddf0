import { ElementType, type EmergencyTarget, type PreviewFitting } from '@lightwell/domain';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceElements, devices, emergencyFittings, nodes, zones } from '../../db/schema.ts';
import { resolveTargetDevices } from '../commands/resolve-targets.ts';

const EMERGENCY_TYPES = [ElementType.emergencyOne, ElementType.emergencyTwo];

/**
 * Real emergency fittings (a device with an element of type 6 or 11, or of kind emergency) an action's
 * target names in a network, by id; a zone, group or device id not of the network answers 1013.
 */
export async function resolveEmergencyFittings(db: Db, nid: number, target: EmergencyTarget): Promise<number[]> {
  const named = await resolveTargetDevices(
    db,
    nid,
    target.kind === 'network'
      ? { kind: 'network' }
      : { kind: target.kind === 'fittings' ? 'device' : target.kind, ids: target.ids },
  );
  if (named.length === 0) return [];
  const withElement = db
    .select({ id: deviceElements.deviceId })
    .from(deviceElements)
    .where(inArray(deviceElements.type, EMERGENCY_TYPES));
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inArray(devices.id, named), or(eq(devices.kind, 'emergency'), inArray(devices.id, withElement))))
    .orderBy(asc(devices.id));
  return rows.map((row) => row.id);
}

/** Zone of each device of a network (by its node on the plan), with the zone's name. */
export async function zonesOfDevices(db: Db, nid: number, deviceIds: number[]) {
  const out = new Map<number, { zoneId: number; zoneName: string }>();
  if (deviceIds.length === 0) return out;
  const rows = await db
    .select({ vid: nodes.vid, rid: nodes.rid, zoneId: zones.id, zoneName: zones.name })
    .from(nodes)
    .innerJoin(zones, eq(zones.id, nodes.zoneId))
    .where(and(eq(nodes.nid, nid), or(inArray(nodes.vid, deviceIds), inArray(nodes.rid, deviceIds))));
  for (const row of rows) {
    for (const id of [row.vid, row.rid]) {
      if (id !== null && deviceIds.includes(id) && !out.has(id))
        out.set(id, { zoneId: row.zoneId, zoneName: row.zoneName });
    }
  }
  return out;
}

/** Fittings as an action preview sees them: online, zone, rating and the state they last reported. */
export async function loadPreviewFittings(db: Db, nid: number, deviceIds: number[]): Promise<PreviewFitting[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .select({ device: { id: devices.id, online: devices.online }, state: emergencyFittings })
    .from(devices)
    .leftJoin(emergencyFittings, eq(emergencyFittings.deviceId, devices.id))
    .where(inArray(devices.id, deviceIds))
    .orderBy(asc(devices.id));
  const zoneOf = await zonesOfDevices(db, nid, deviceIds);
  return rows.map(({ device, state }) => ({
    id: device.id,
    online: device.online,
    zoneId: zoneOf.get(device.id)?.zoneId ?? null,
    zoneName: zoneOf.get(device.id)?.zoneName ?? null,
    ratedMinutes: state?.ratedMinutes ?? null,
    statusBits: state?.statusBits ?? 0,
    batteryCharge: state?.batteryCharge ?? 255,
    mainsPresent: state?.mainsPresent ?? null,
    mode: state?.mode ?? null,
  }));
}
