import type { Group } from '@lightwell/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, groupDevices, groups, sceneDevices } from '../../db/schema.ts';
import { noPermission } from '../../policies/access.ts';
import { type GroupRow, presentGroup } from '../../presenters/group.ts';

/** A group row by id; 1013 when there is none (access is checked on its network next). */
export async function findGroup(db: Db, groupId: number): Promise<GroupRow> {
  const [row] = await db.select().from(groups).where(eq(groups.id, groupId)).limit(1);
  if (!row) throw noPermission();
  return row;
}

/** Members of groups, with whether each is a real device. */
async function membersOf(db: Db, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: groupDevices.groupId, deviceId: groupDevices.deviceId, isVirtual: devices.isVirtual })
    .from(groupDevices)
    .innerJoin(devices, eq(devices.id, groupDevices.deviceId))
    .where(inArray(groupDevices.groupId, groupIds))
    .orderBy(asc(groupDevices.deviceId));
}

/** Groups of a network in creation order, with their members. */
export async function listGroups(db: Db, nid: number): Promise<Group[]> {
  const rows = await db.select().from(groups).where(eq(groups.nid, nid)).orderBy(asc(groups.id));
  const members = await membersOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    presentGroup(
      row,
      members.filter((m) => m.groupId === row.id),
    ),
  );
}

/** One group with its members. */
export async function loadGroup(db: Db, groupId: number): Promise<Group> {
  const row = await findGroup(db, groupId);
  return presentGroup(row, await membersOf(db, [groupId]));
}

/** Devices of network `nid` among `ids` with their kind; 1013 unless every id is a device of the network. */
export async function devicesOfNetwork(db: Db, nid: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: devices.id, name: devices.name, kind: devices.kind, isVirtual: devices.isVirtual })
    .from(devices)
    .where(and(eq(devices.nid, nid), inArray(devices.id, unique)));
  if (rows.length !== unique.length) throw noPermission();
  return rows;
}

/** Luminaires and emergency devices of a network a group may take, by name, with the scene slots each uses. */
export async function groupDeviceOptions(db: Db, nid: number) {
  const slots = db
    .select({ deviceId: sceneDevices.deviceId, used: count().as('used') })
    .from(sceneDevices)
    .groupBy(sceneDevices.deviceId)
    .as('slots');
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      kind: devices.kind,
      mac: devices.mac,
      isVirtual: devices.isVirtual,
      used: slots.used,
    })
    .from(devices)
    .leftJoin(slots, eq(slots.deviceId, devices.id))
    .where(and(eq(devices.nid, nid), inArray(devices.kind, ['luminaire', 'emergency'])))
    .orderBy(asc(devices.name), asc(devices.id));
  return rows.map(({ used, ...row }) => ({ ...row, sceneSlotsUsed: Number(used ?? 0) }));
}
