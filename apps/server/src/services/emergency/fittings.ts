import {
  Code,
  ElementType,
  type EmergencyTarget,
  type EmergencyType,
  emergencyTypeOf,
  type PreviewFitting,
} from '@lightwell/domain';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceElements, devices, emergencyFittings, groupDevices, nodes, zones } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { resolveTargetDevices } from '../commands/resolve-targets.ts';

/** 1071: the target holds no emergency fitting. */
export const noFitting = () => new CallError(Code.noDeviceSelected, 'The target holds no emergency fitting.');

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
    .select({ device: { id: devices.id, name: devices.name, online: devices.online }, state: emergencyFittings })
    .from(devices)
    .leftJoin(emergencyFittings, eq(emergencyFittings.deviceId, devices.id))
    .where(inArray(devices.id, deviceIds))
    .orderBy(asc(devices.id));
  const zoneOf = await zonesOfDevices(db, nid, deviceIds);
  return rows.map(({ device, state }) => ({
    id: device.id,
    name: device.name,
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

/** The live state row of an emergency fitting. */
type FittingStateRow = typeof emergencyFittings.$inferSelect;

/** An emergency fitting of a network: the device, where it is, its groups, type and live state. */
export interface Fitting {
  deviceId: number;
  name: string;
  mac: string;
  online: boolean;
  createdAt: Date;
  zoneId: number | null;
  zoneName: string | null;
  /** Where the fitting is: its zone on the floor plan (the name records keep). */
  location: string | null;
  groupIds: number[];
  emergencyType: EmergencyType;
  state: FittingStateRow | null;
}

/**
 * The emergency fittings of a network (real devices of kind `emergency` or with an element of type 6 or
 * 11, as `resolveEmergencyFittings`), by device id: zone from the
 * fitting's node on the floor plan, groups, emergency type from its element types and the live state.
 */
export async function loadFittings(db: Db, nid: number, deviceIds?: readonly number[]): Promise<Fitting[]> {
  if (deviceIds && deviceIds.length === 0) return [];
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      mac: devices.mac,
      online: devices.online,
      createdAt: devices.createdAt,
    })
    .from(devices)
    .where(
      and(
        eq(devices.nid, nid),
        eq(devices.isVirtual, false),
        or(
          eq(devices.kind, 'emergency'),
          inArray(
            devices.id,
            db
              .select({ id: deviceElements.deviceId })
              .from(deviceElements)
              .where(inArray(deviceElements.type, EMERGENCY_TYPES)),
          ),
        ),
        deviceIds ? inArray(devices.id, [...deviceIds]) : undefined,
      ),
    )
    .orderBy(asc(devices.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [placed, memberships, elements, states] = await Promise.all([
    db
      .select({ vid: nodes.vid, rid: nodes.rid, zoneId: zones.id, zoneName: zones.name })
      .from(nodes)
      .innerJoin(zones, eq(zones.id, nodes.zoneId))
      .where(and(eq(nodes.nid, nid), or(inArray(nodes.rid, ids), inArray(nodes.vid, ids)))),
    db.select().from(groupDevices).where(inArray(groupDevices.deviceId, ids)),
    db
      .select({ deviceId: deviceElements.deviceId, type: deviceElements.type })
      .from(deviceElements)
      .where(inArray(deviceElements.deviceId, ids)),
    db.select().from(emergencyFittings).where(inArray(emergencyFittings.deviceId, ids)),
  ]);
  const zoneOf = new Map<number, { zoneId: number; zoneName: string }>();
  for (const node of placed) {
    for (const id of [node.rid, node.vid]) if (id !== null && !zoneOf.has(id)) zoneOf.set(id, node);
  }
  const groupsOf = new Map<number, number[]>();
  for (const m of memberships) groupsOf.set(m.deviceId, [...(groupsOf.get(m.deviceId) ?? []), m.groupId]);
  const typesOf = new Map<number, number[]>();
  for (const e of elements) typesOf.set(e.deviceId, [...(typesOf.get(e.deviceId) ?? []), e.type]);
  const stateOf = new Map(states.map((s) => [s.deviceId, s]));
  return rows.map((row) => {
    const zone = zoneOf.get(row.id) ?? null;
    const types = typesOf.get(row.id) ?? [];
    return {
      deviceId: row.id,
      name: row.name,
      mac: row.mac,
      online: row.online,
      createdAt: row.createdAt,
      zoneId: zone?.zoneId ?? null,
      zoneName: zone?.zoneName ?? null,
      location: zone?.zoneName ?? null,
      groupIds: (groupsOf.get(row.id) ?? []).sort((a, b) => a - b),
      // A fitting of kind emergency with no reported element yet counts as kind one (element type 6).
      emergencyType: types.length > 0 ? emergencyTypeOf(types) : 1,
      state: stateOf.get(row.id) ?? null,
    };
  });
}

/** The fittings a target covers among `all`. */
export function fittingsOfTarget(all: readonly Fitting[], target: EmergencyTarget): Fitting[] {
  if (target.kind === 'network') return [...all];
  const ids = new Set(target.ids);
  if (target.kind === 'fittings') return all.filter((f) => ids.has(f.deviceId));
  if (target.kind === 'zone') return all.filter((f) => f.zoneId !== null && ids.has(f.zoneId));
  return all.filter((f) => f.groupIds.some((id) => ids.has(id)));
}
