import { ElementType } from '@lightwell/domain';
import { and, eq, exists, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceElements, devices, groupDevices, groups, nodes, sceneDevices, scenes, zones } from '../../db/schema.ts';
import { noPermission } from '../../policies/access.ts';

/** What a command names: devices, zones, groups or scenes by id, or the whole network. */
export interface CommandTarget {
  kind: 'device' | 'zone' | 'group' | 'scene' | 'network';
  ids?: number[];
}

/** Ids of the named things that belong to the network; 1013 when any does not (foreign and missing alike). */
async function ownedIds(db: Db, nid: number, target: CommandTarget): Promise<number[]> {
  const ids = [...new Set(target.ids ?? [])];
  if (ids.length === 0) return [];
  const table = { device: devices, zone: zones, group: groups, scene: scenes }[target.kind as 'device'];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.nid, nid), inArray(table.id, ids)));
  if (rows.length !== ids.length) throw noPermission();
  return ids;
}

/** Device ids (real or virtual) the target names, before virtual devices are replaced by their real ones. */
async function namedDevices(db: Db, nid: number, target: CommandTarget): Promise<number[]> {
  if (target.kind === 'network') {
    return (await db.select({ id: devices.id }).from(devices).where(eq(devices.nid, nid))).map((r) => r.id);
  }
  const ids = await ownedIds(db, nid, target);
  if (ids.length === 0) return [];
  switch (target.kind) {
    case 'device':
      return ids;
    case 'zone': {
      const rows = await db
        .select({ vid: nodes.vid, rid: nodes.rid })
        .from(nodes)
        .where(and(eq(nodes.nid, nid), inArray(nodes.zoneId, ids)));
      return rows.flatMap((r) => [r.vid, r.rid]).filter((id): id is number => id !== null);
    }
    case 'group':
      return (
        await db.select({ id: groupDevices.deviceId }).from(groupDevices).where(inArray(groupDevices.groupId, ids))
      ).map((r) => r.id);
    case 'scene':
      return (
        await db.select({ id: sceneDevices.deviceId }).from(sceneDevices).where(inArray(sceneDevices.sceneId, ids))
      ).map((r) => r.id);
  }
}

/**
 * Devices of a device list, zone, group, scene or network that a command can reach: real devices of the
 * network, a virtual device standing for the real device it is bound to (unbound ones have no hardware and
 * are left out); luminaires only (a DT6 or DT8 element, or kind luminaire) when `lightsOnly`. Ids named
 * in the target that are not of the network answer 1013.
 */
export async function resolveTargetDevices(
  db: Db,
  nid: number,
  target: CommandTarget,
  lightsOnly = false,
): Promise<number[]> {
  const named = [...new Set(await namedDevices(db, nid, target))];
  if (named.length === 0) return [];
  const isLight = or(
    eq(devices.kind, 'luminaire'),
    exists(
      db
        .select({ one: sql`1` })
        .from(deviceElements)
        .where(
          and(
            eq(deviceElements.deviceId, devices.id),
            inArray(deviceElements.type, [ElementType.dt6, ElementType.dt8]),
          ),
        ),
    ),
  );
  // A real device named directly, or bound to a named virtual device (the binding may be kept on either side).
  const virtualNamed = db
    .select({ boundId: devices.boundId })
    .from(devices)
    .where(and(inArray(devices.id, named), eq(devices.isVirtual, true), isNotNull(devices.boundId)));
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.nid, nid),
        eq(devices.isVirtual, false),
        or(inArray(devices.id, named), inArray(devices.boundId, named), inArray(devices.id, virtualNamed)),
        lightsOnly ? isLight : undefined,
      ),
    )
    .orderBy(devices.id);
  return rows.map((r) => r.id);
}
