import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import {
  devices,
  gateways,
  groupDevices,
  groups,
  networks,
  nodes,
  sceneDevices,
  scenes,
  schedules,
  zones,
} from '../../src/db/schema.ts';

const ZONE_SIZE = 20;
const GROUP_SIZE = 25;
const SCENE_COUNT = 10;
const GATEWAY_SIZE = 200;
/** Rows written per statement while seeding. */
const CHUNK = 500;

async function insertChunked<T>(list: readonly T[], write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < list.length; start += CHUNK) await write(list.slice(start, start + CHUNK));
}

/**
 * Furnishes network `nid` with `count` luminaires (a gateway per 200), each placed by a plan node in a
 * zone of 20, in groups of 25, in ten scenes (every other device) and with a schedule per group and an
 * astro timer per zone: the configuration a backup holds.
 */
export async function seedBackupNetwork(db: Db, nid: number, count: number, uid: number): Promise<void> {
  const gatewayRows = await db
    .insert(gateways)
    .values(
      Array.from({ length: Math.ceil(count / GATEWAY_SIZE) }, (_, i) => ({
        nid,
        sn: `BK${nid}-${i}`,
        name: `Gateway ${i + 1}`,
        secretHash: 'x',
      })),
    )
    .returning({ id: gateways.id });
  const deviceRows: { id: number }[] = [];
  await insertChunked(
    Array.from({ length: count }, (_, i) => i),
    async (chunk) => {
      const rows = await db
        .insert(devices)
        .values(
          chunk.map((i) => ({
            nid,
            gatewayId: gatewayRows[Math.floor(i / GATEWAY_SIZE)]!.id,
            kind: 'light',
            name: `Luminaire ${i + 1}`,
            model: 'LW-DL20',
            mac: `bk${String(i).padStart(10, '0')}`,
            address: i + 1,
            serialNumber: `SN${i + 1}`,
            ratedPower: 20 + (i % 5),
            settings: { fade: i % 4 },
          })),
        )
        .returning({ id: devices.id });
      deviceRows.push(...rows);
    },
  );
  const zoneRows = await db
    .insert(zones)
    .values(
      Array.from({ length: Math.ceil(count / ZONE_SIZE) }, (_, z) => ({
        nid,
        name: `Zone ${z + 1}`,
        points: [
          { x: z * 10, y: 0 },
          { x: z * 10 + 10, y: 0 },
          { x: z * 10 + 10, y: 10 },
        ],
      })),
    )
    .returning({ id: zones.id });
  await insertChunked(
    deviceRows.map((device, i) => ({ device, i })),
    (chunk) =>
      db.insert(nodes).values(
        chunk.map(({ device, i }) => {
          return {
            nid,
            vid: device.id,
            zoneId: zoneRows[Math.floor(i / ZONE_SIZE)]!.id,
            name: `Node ${i + 1}`,
            positionX: (i % ZONE_SIZE) * 3.5,
            positionY: Math.floor(i / ZONE_SIZE) * 2.25,
          };
        }),
      ),
  );
  await seedGroupsScenesSchedules(db, nid, uid, deviceRows, zoneRows);
}

async function seedGroupsScenesSchedules(
  db: Db,
  nid: number,
  uid: number,
  deviceRows: { id: number }[],
  zoneRows: { id: number }[],
): Promise<void> {
  const groupRows = await db
    .insert(groups)
    .values(
      Array.from({ length: Math.ceil(deviceRows.length / GROUP_SIZE) }, (_, g) => ({ nid, name: `Group ${g + 1}` })),
    )
    .returning({ id: groups.id });
  await insertChunked(
    deviceRows.map((device, i) => ({ groupId: groupRows[Math.floor(i / GROUP_SIZE)]!.id, deviceId: device.id })),
    (chunk) => db.insert(groupDevices).values(chunk),
  );
  const sceneRows = await db
    .insert(scenes)
    .values(
      Array.from({ length: SCENE_COUNT }, (_, s) => ({ nid, number: 10 + s, name: `Scene ${s + 1}`, fadeTime: s })),
    )
    .returning({ id: scenes.id });
  const members = sceneRows.flatMap((scene, s) =>
    deviceRows
      .filter((_, i) => i % 2 === s % 2)
      .map((device, i) => ({ sceneId: scene.id, deviceId: device.id, slot: s, lightness: (i * 7) % 101 })),
  );
  await insertChunked(members, (chunk) => db.insert(sceneDevices).values(chunk));
  await db.insert(schedules).values([
    ...groupRows.map((group, g) => ({
      nid,
      name: `Evening ${g + 1}`,
      targetKind: 'group',
      targetId: group.id,
      action: { onOff: 1, lightness: 60 },
      hour: 18,
      minute: g % 60,
      createdBy: uid,
    })),
    ...zoneRows.map((zone, z) => ({
      nid,
      kind: 'astro',
      name: `Dusk ${z + 1}`,
      targetKind: 'zone',
      targetId: zone.id,
      action: { onOff: 1 },
      astroEvent: 'sunset',
      astroShift: z % 30,
      createdBy: uid,
    })),
  ]);
}

/**
 * Changes much of network `nid`'s configuration as people at work would: renames devices, zones, groups
 * and the network, moves nodes to other zones and removes some, deletes zones, a group, a scene and
 * schedules, adds a zone, a group and a schedule. Devices stay: a restore never creates a device again.
 */
export async function changeBackupNetwork(db: Db, nid: number, uid: number): Promise<void> {
  await db
    .update(networks)
    .set({ name: 'Renamed', electricityPrice: 99, timeZone: 'Europe/Berlin' })
    .where(eq(networks.id, nid));
  await db
    .update(devices)
    .set({ name: sql`${devices.name} || ' (moved)'`, ratedPower: 99, settings: null })
    .where(sql`${devices.nid} = ${nid} and ${devices.id} % 3 = 0`);
  const zoneRows = await db.select({ id: zones.id }).from(zones).where(eq(zones.nid, nid)).orderBy(asc(zones.id));
  await db
    .update(nodes)
    .set({ zoneId: zoneRows[0]!.id, positionX: 1 })
    .where(sql`${nodes.nid} = ${nid} and ${nodes.id} % 5 = 0`);
  await db.delete(nodes).where(sql`${nodes.nid} = ${nid} and ${nodes.id} % 7 = 0`);
  await db
    .update(zones)
    .set({ name: 'Renamed zone', shape: 2 })
    .where(sql`${zones.nid} = ${nid} and ${zones.id} % 2 = 0`);
  await db.delete(zones).where(
    inArray(
      zones.id,
      zoneRows.filter((_, i) => i % 4 === 1).map((zone) => zone.id),
    ),
  );
  await db.insert(zones).values({ nid, name: 'Added since', points: [] });
  const groupRows = await db.select({ id: groups.id }).from(groups).where(eq(groups.nid, nid)).orderBy(asc(groups.id));
  await db.update(groups).set({ name: 'Renamed group' }).where(eq(groups.id, groupRows[0]!.id));
  await db.delete(groups).where(eq(groups.id, groupRows[1]!.id));
  await db.insert(groups).values({ nid, name: 'Added since' });
  const sceneRows = await db.select({ id: scenes.id }).from(scenes).where(eq(scenes.nid, nid)).orderBy(asc(scenes.id));
  await db.delete(scenes).where(eq(scenes.id, sceneRows[0]!.id));
  await db.update(sceneDevices).set({ lightness: 1 }).where(eq(sceneDevices.sceneId, sceneRows[1]!.id));
  await db.delete(schedules).where(sql`${schedules.nid} = ${nid} and ${schedules.id} % 3 = 0`);
  await db.update(schedules).set({ enabled: false, hour: 5 }).where(eq(schedules.nid, nid));
  await db.insert(schedules).values({ nid, name: 'Added since', targetKind: 'network', action: {}, createdBy: uid });
}

/** Columns that are not configuration: when a row was written, and a device's or node's live state. */
const VOLATILE = new Set([
  'createdAt',
  'updatedAt',
  'online',
  'lastSeenAt',
  'usageSeconds',
  'sensorTriggerCount',
  'status',
  'statusTime',
  'rollupsTimeZone',
]);

const canonicalRows = (rows: Record<string, unknown>[]) =>
  rows
    .map((row) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(row)
            .filter(([key]) => !VOLATILE.has(key))
            .sort(([a], [b]) => a.localeCompare(b)),
        ),
      ),
    )
    .sort();

/**
 * Network `nid`'s configuration tables as sorted JSON rows, ids included (a restore keeps the backup's
 * ids), without the columns of `VOLATILE`: two networks are the same when their dumps are equal.
 */
export async function dumpNetworkConfiguration(db: Db, nid: number): Promise<Record<string, string[]>> {
  const groupIds = (await db.select({ id: groups.id }).from(groups).where(eq(groups.nid, nid))).map((row) => row.id);
  const sceneIds = (await db.select({ id: scenes.id }).from(scenes).where(eq(scenes.nid, nid))).map((row) => row.id);
  const { deletedAt: _deleted, deletedBy: _by, ...networkColumns } = getTableColumns(networks);
  return {
    network: canonicalRows(await db.select(networkColumns).from(networks).where(eq(networks.id, nid))),
    zones: canonicalRows(await db.select().from(zones).where(eq(zones.nid, nid))),
    nodes: canonicalRows(await db.select().from(nodes).where(eq(nodes.nid, nid))),
    devices: canonicalRows(await db.select().from(devices).where(eq(devices.nid, nid))),
    groups: canonicalRows(await db.select().from(groups).where(eq(groups.nid, nid))),
    groupDevices: groupIds.length
      ? canonicalRows(await db.select().from(groupDevices).where(inArray(groupDevices.groupId, groupIds)))
      : [],
    scenes: canonicalRows(await db.select().from(scenes).where(eq(scenes.nid, nid))),
    sceneDevices: sceneIds.length
      ? canonicalRows(await db.select().from(sceneDevices).where(inArray(sceneDevices.sceneId, sceneIds)))
      : [],
    schedules: canonicalRows(await db.select().from(schedules).where(eq(schedules.nid, nid))),
  };
}

/** The names of the parts in which two dumps differ, with the number of rows only one of them has. */
export function dumpDifferences(a: Record<string, string[]>, b: Record<string, string[]>): string[] {
  return Object.keys(a).flatMap((part) => {
    const left = new Set(a[part]);
    const right = new Set(b[part]);
    const only = [...left].filter((row) => !right.has(row)).length + [...right].filter((row) => !left.has(row)).length;
    return only || a[part]!.length !== b[part]!.length ? [`${part}: ${only} rows differ`] : [];
  });
}
