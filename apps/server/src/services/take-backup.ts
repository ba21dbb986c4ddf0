import {
  type BackupContentV2,
  type BackupNetworkSchema,
  type BackupSummary,
  epochSeconds,
  epochSecondsOrNull,
} from '@lightwell/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import {
  backups,
  devices,
  groupDevices,
  groups,
  nodes,
  profiles,
  sceneDevices,
  scenes,
  schedules,
  users,
  zones,
} from '../db/schema.ts';
import type { NetworkRow } from '../policies/access.ts';
import { presentBackupSummary } from '../presenters/backup.ts';
import { presentNode, presentZone } from '../presenters/zone.ts';
import { recordAudit } from './audit.ts';
import { lockNetwork } from './lock-network.ts';

/** The settings a version 1 backup keeps, by name. */
export const networkSettingsKeysV1 = [
  'name',
  'category',
  'electricityPrice',
  'currency',
  'image',
  'imageWidth',
  'imageHeight',
] as const;

/** The network settings a version 1 backup keeps (the audit of a restore records them too). */
export function networkSettingsOf(network: NetworkRow): z.infer<typeof BackupNetworkSchema> {
  return {
    name: network.name,
    category: network.category,
    electricityPrice: network.electricityPrice,
    currency: network.currency,
    image: network.image,
    imageWidth: network.imageWidth,
    imageHeight: network.imageHeight,
  };
}

/** The network settings a version 2 backup keeps: with location, time zone and applied profile. */
export function networkSettingsV2Of(network: NetworkRow): BackupContentV2['network'] {
  return {
    ...networkSettingsOf(network),
    latitude: network.latitude,
    longitude: network.longitude,
    timeZone: network.timeZone,
    configId: network.configId,
  };
}

/**
 * A network's whole configuration as a backup holds it (version 2), every list in id order (members by
 * device id). Live state (on/off, levels, online), readings, tasks, manual overrides and the audit trail
 * are not configuration and are not read.
 */
export async function readNetworkSnapshot(db: Db, network: NetworkRow): Promise<BackupContentV2> {
  const nid = network.id;
  const zoneRows = await db.select().from(zones).where(eq(zones.nid, nid)).orderBy(asc(zones.id));
  const nodeRows = await db.select().from(nodes).where(eq(nodes.nid, nid)).orderBy(asc(nodes.id));
  const deviceRows = await db.select().from(devices).where(eq(devices.nid, nid)).orderBy(asc(devices.id));
  const groupRows = await db.select().from(groups).where(eq(groups.nid, nid)).orderBy(asc(groups.id));
  const sceneRows = await db.select().from(scenes).where(eq(scenes.nid, nid)).orderBy(asc(scenes.id));
  const scheduleRows = await db.select().from(schedules).where(eq(schedules.nid, nid)).orderBy(asc(schedules.id));
  const members = groupRows.length
    ? await db
        .select()
        .from(groupDevices)
        .where(
          inArray(
            groupDevices.groupId,
            groupRows.map((row) => row.id),
          ),
        )
        .orderBy(asc(groupDevices.deviceId))
    : [];
  const sceneMembers = sceneRows.length
    ? await db
        .select()
        .from(sceneDevices)
        .where(
          inArray(
            sceneDevices.sceneId,
            sceneRows.map((row) => row.id),
          ),
        )
        .orderBy(asc(sceneDevices.deviceId))
    : [];
  const configIds = [
    ...new Set([network.configId, ...zoneRows.map((row) => row.configId)].filter((id): id is number => id !== null)),
  ];
  const applied = configIds.length
    ? await db
        .select({ id: profiles.id, name: profiles.name })
        .from(profiles)
        .where(inArray(profiles.id, configIds))
        .orderBy(asc(profiles.id))
    : [];
  return {
    version: 2,
    network: networkSettingsV2Of(network),
    zones: zoneRows.map((row) => {
      const { nid: _nid, nodeCount: _count, ...zone } = presentZone(row, 0);
      return zone;
    }),
    nodes: nodeRows.map((row) => {
      const { nid: _nid, status: _status, statusTime: _time, ...node } = presentNode(row);
      return node;
    }),
    devices: deviceRows.map(backupDevice),
    groups: groupRows.map((row) => ({
      id: row.id,
      type: row.type,
      name: row.name,
      category: row.category,
      image: row.image,
      deviceIds: members.filter((m) => m.groupId === row.id).map((m) => m.deviceId),
      createTime: epochSeconds(row.createdAt),
    })),
    scenes: sceneRows.map((row) => backupScene(row, sceneMembers)),
    schedules: scheduleRows.map(backupSchedule),
    profiles: applied,
  };
}

/** A device's configuration as a backup holds it. */
function backupDevice(row: typeof devices.$inferSelect): BackupContentV2['devices'][number] {
  return {
    id: row.id,
    mac: row.mac,
    isVirtual: row.isVirtual,
    name: row.name,
    serialNumber: row.serialNumber,
    manufacturer: row.manufacturer,
    supplier: row.supplier,
    installedAt: epochSecondsOrNull(row.installedAt),
    ratedPower: row.ratedPower,
    batteryType: row.batteryType,
    boundId: row.boundId,
    syncState: row.syncState,
    settings: row.settings ?? null,
  };
}

/** A scene as a backup holds it, with its members' levels. */
function backupScene(
  row: typeof scenes.$inferSelect,
  members: readonly (typeof sceneDevices.$inferSelect)[],
): BackupContentV2['scenes'][number] {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    type: row.type,
    image: row.image,
    fadeTime: row.fadeTime,
    params: row.params,
    curve: row.curve ?? null,
    builtIn: row.builtIn,
    devices: members
      .filter((m) => m.sceneId === row.id)
      .map((m) => ({ deviceId: m.deviceId, slot: m.slot, onOff: m.onOff, lightness: m.lightness, cct: m.cct })),
    createTime: epochSeconds(row.createdAt),
  };
}

/** A schedule as a backup holds it, with when it last ran. */
function backupSchedule(row: typeof schedules.$inferSelect): BackupContentV2['schedules'][number] {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    targetKind: row.targetKind,
    targetId: row.targetId,
    action: row.action,
    year: row.year,
    month: row.month,
    day: row.day,
    dayOfWeek: row.dayOfWeek,
    hour: row.hour,
    minute: row.minute,
    second: row.second,
    astroEvent: row.astroEvent,
    astroShift: row.astroShift,
    overrideEnd: row.overrideEnd,
    overrideValue: row.overrideValue,
    lastRun: epochSecondsOrNull(row.lastRunAt),
    createdBy: row.createdBy,
    createTime: epochSeconds(row.createdAt),
  };
}

/** Takes a backup (version 2) of network `nid` as it is now, with an audit event, in one transaction. */
export async function takeBackup(ctx: AppContext, uid: number, nid: number, name: string): Promise<BackupSummary> {
  return ctx.db.transaction(async (tx) => {
    const network = await lockNetwork(tx, nid);
    const content = await readNetworkSnapshot(tx, network);
    const [row] = await tx
      .insert(backups)
      .values({ nid, name, createdBy: uid, content, createdAt: ctx.now() })
      .returning();
    const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, uid));
    const summary = presentBackupSummary({
      ...row!,
      creatorName: creator?.name ?? null,
      version: content.version,
      zoneCount: content.zones.length,
      nodeCount: content.nodes.length,
    });
    await recordAudit(tx, {
      action: 'backup.create',
      actorUid: uid,
      pid: network.pid,
      nid,
      after: { id: summary.id, name, zoneCount: summary.zoneCount, nodeCount: summary.nodeCount },
    });
    return summary;
  });
}
