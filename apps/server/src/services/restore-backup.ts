import {
  type BackupContent,
  BackupContentSchema,
  type BackupContentV2,
  type BackupRestoreResult,
  type RestoreWarning,
} from '@lightwell/domain';
import { and, eq, inArray, isNull, max, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import {
  devices,
  files,
  groupDevices,
  groups,
  jobRuns,
  networks,
  nodes,
  profiles,
  sceneDevices,
  scenes,
  schedules,
  users,
  zones,
} from '../db/schema.ts';
import type { BackupRow } from '../presenters/backup.ts';
import { rollupsZoneOnChange } from '../telemetry/index.ts';
import { recordAudit } from './audit.ts';
import { recordPriceChange } from './energy-base.ts';
import { lockNetwork } from './lock-network.ts';
import { releaseFile } from './release-file.ts';
import { networkSettingsOf, networkSettingsV2Of } from './take-backup.ts';

/** Rows written per statement. */
const BATCH = 500;

/** The value an upsert proposed for `column` (`excluded.<column>`). */
const excluded = (column: PgColumn): SQL => sql.raw(`excluded."${column.name}"`);

function batches<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += BATCH) out.push(list.slice(start, start + BATCH));
  return out;
}

/** Writes the backup's zones with their ids: existing ones updated, missing ones inserted again. */
async function upsertZones(
  tx: Db,
  nid: number,
  list: BackupContent['zones'],
  now: Date,
  profileOf: (id: number | null) => number | null,
): Promise<void> {
  for (const batch of batches(list)) {
    await tx
      .insert(zones)
      .values(
        batch.map((zone) => ({
          id: zone.id,
          nid,
          name: zone.name,
          points: zone.points,
          shape: zone.shape,
          bgColor: zone.bgColor,
          nameColor: zone.zoneNameColor,
          nameAngle: zone.zoneNameAngle,
          nameSize: zone.zoneNameSize,
          namePositionX: zone.zoneNamePositionX,
          namePositionY: zone.zoneNamePositionY,
          configId: profileOf(zone.configId),
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: zones.id,
        set: {
          name: excluded(zones.name),
          points: excluded(zones.points),
          shape: excluded(zones.shape),
          bgColor: excluded(zones.bgColor),
          nameColor: excluded(zones.nameColor),
          nameAngle: excluded(zones.nameAngle),
          nameSize: excluded(zones.nameSize),
          namePositionX: excluded(zones.namePositionX),
          namePositionY: excluded(zones.namePositionY),
          configId: excluded(zones.configId),
          updatedAt: excluded(zones.updatedAt),
        },
        // Ids in a backup are only ever this network's own; never touch another network's row.
        setWhere: eq(zones.nid, nid),
      });
  }
}

/** Writes the backup's nodes with their ids; the live status of a node that still exists is kept. */
async function upsertNodes(
  tx: Db,
  nid: number,
  list: BackupContent['nodes'],
  deviceOf: (id: number | null) => number | null,
): Promise<void> {
  for (const batch of batches(list)) {
    await tx
      .insert(nodes)
      .values(
        batch.map((node) => ({
          id: node.id,
          nid,
          zoneId: node.zoneId,
          vid: deviceOf(node.vid),
          rid: deviceOf(node.rid),
          name: node.name,
          nameSize: node.nameSize,
          nameAngle: node.nameAngle,
          iconSize: node.iconSize,
          nameColor: node.nameColor,
          positionX: node.positionX,
          positionY: node.positionY,
          namePositionX: node.namePositionX,
          namePositionY: node.namePositionY,
          createdAt: new Date(node.createTime * 1000),
        })),
      )
      .onConflictDoUpdate({
        target: nodes.id,
        set: {
          zoneId: excluded(nodes.zoneId),
          vid: excluded(nodes.vid),
          rid: excluded(nodes.rid),
          name: excluded(nodes.name),
          nameSize: excluded(nodes.nameSize),
          nameAngle: excluded(nodes.nameAngle),
          iconSize: excluded(nodes.iconSize),
          nameColor: excluded(nodes.nameColor),
          positionX: excluded(nodes.positionX),
          positionY: excluded(nodes.positionY),
          namePositionX: excluded(nodes.namePositionX),
          namePositionY: excluded(nodes.namePositionY),
          createdAt: excluded(nodes.createdAt),
        },
        setWhere: eq(nodes.nid, nid),
      });
  }
}

/**
 * Writes the backup's devices' configuration onto the devices that still exist (matched by id). A
 * virtual device added since that is bound to a real device the backup binds again is unbound, so a
 * real device keeps one virtual partner.
 */
async function restoreDevices(tx: Db, nid: number, list: BackupContentV2['devices'], plan: RestorePlan): Promise<void> {
  const rebound = list.flatMap((device) => {
    const realId = plan.missingDevices.has(device.id) ? null : plan.deviceOf(device.boundId);
    return realId === null ? [] : [realId];
  });
  if (rebound.length > 0) {
    await tx
      .update(devices)
      .set({ boundId: null, syncState: 1 })
      .where(
        and(
          eq(devices.nid, nid),
          notInArray(
            devices.id,
            list.map((device) => device.id),
          ),
          inArray(devices.boundId, rebound),
        ),
      );
  }
  for (const device of list) {
    if (plan.missingDevices.has(device.id)) continue;
    await tx
      .update(devices)
      .set({
        name: device.name,
        serialNumber: device.serialNumber,
        manufacturer: device.manufacturer,
        supplier: device.supplier,
        installedAt: device.installedAt === null ? null : new Date(device.installedAt * 1000),
        ratedPower: device.ratedPower,
        batteryType: device.batteryType,
        boundId: plan.deviceOf(device.boundId),
        syncState: device.syncState,
        settings: device.settings,
      })
      .where(and(eq(devices.id, device.id), eq(devices.nid, nid)));
  }
}

/** Ids of network `nid`'s rows of `table` (after an upsert: only rows of this network are touched next). */
async function idsOf(tx: Db, table: typeof groups | typeof scenes, nid: number): Promise<number[]> {
  return (await tx.select({ id: table.id }).from(table).where(eq(table.nid, nid))).map((row) => row.id);
}

/** Groups become the backup's, with their ids and members (members whose device is gone are skipped). */
async function restoreGroups(tx: Db, nid: number, list: BackupContentV2['groups'], plan: RestorePlan): Promise<void> {
  const ids = list.map((group) => group.id);
  await tx.delete(groups).where(and(eq(groups.nid, nid), notInArray(groups.id, ids)));
  for (const batch of batches(list)) {
    await tx
      .insert(groups)
      .values(
        batch.map((group) => ({
          id: group.id,
          nid,
          type: group.type,
          name: group.name,
          category: group.category,
          image: group.image,
          createdAt: new Date(group.createTime * 1000),
        })),
      )
      .onConflictDoUpdate({
        target: groups.id,
        set: {
          type: excluded(groups.type),
          name: excluded(groups.name),
          category: excluded(groups.category),
          image: excluded(groups.image),
          createdAt: excluded(groups.createdAt),
        },
        setWhere: eq(groups.nid, nid),
      });
  }
  const own = new Set(await idsOf(tx, groups, nid));
  if (own.size > 0) await tx.delete(groupDevices).where(inArray(groupDevices.groupId, [...own]));
  const members = list
    .filter((group) => own.has(group.id))
    .flatMap((group) =>
      group.deviceIds.filter((id) => !plan.missingDevices.has(id)).map((deviceId) => ({ groupId: group.id, deviceId })),
    );
  for (const batch of batches(members)) await tx.insert(groupDevices).values(batch).onConflictDoNothing();
}

/**
 * Scenes become the backup's, with their ids, numbers, parameters and every member's slot and state
 * (members whose device is gone are skipped). Built-in scenes the backup does not hold are kept.
 */
async function restoreScenes(tx: Db, nid: number, list: BackupContentV2['scenes'], plan: RestorePlan): Promise<void> {
  const ids = list.map((scene) => scene.id);
  const builtIns = list.flatMap((scene) => (scene.builtIn === null ? [] : [scene.builtIn]));
  const replaceable = or(isNull(scenes.builtIn), inArray(scenes.builtIn, builtIns.length ? builtIns : [-1]));
  await tx.delete(scenes).where(and(eq(scenes.nid, nid), notInArray(scenes.id, ids), replaceable));
  // Numbers are unique per network: park the kept scenes' numbers so the backup's can be written in any order.
  await tx
    .update(scenes)
    .set({ number: sql`-${scenes.id}` })
    .where(and(eq(scenes.nid, nid), inArray(scenes.id, ids.length ? ids : [-1])));
  for (const batch of batches(list)) {
    await tx
      .insert(scenes)
      .values(
        batch.map((scene) => ({
          id: scene.id,
          nid,
          number: scene.number,
          name: scene.name,
          type: scene.type,
          image: scene.image,
          fadeTime: scene.fadeTime,
          params: scene.params,
          curve: scene.curve,
          builtIn: scene.builtIn,
          createdAt: new Date(scene.createTime * 1000),
        })),
      )
      .onConflictDoUpdate({
        target: scenes.id,
        set: {
          number: excluded(scenes.number),
          name: excluded(scenes.name),
          type: excluded(scenes.type),
          image: excluded(scenes.image),
          fadeTime: excluded(scenes.fadeTime),
          params: excluded(scenes.params),
          curve: excluded(scenes.curve),
          builtIn: excluded(scenes.builtIn),
          createdAt: excluded(scenes.createdAt),
        },
        setWhere: eq(scenes.nid, nid),
      });
  }
  const own = new Set(await idsOf(tx, scenes, nid));
  if (own.size > 0) await tx.delete(sceneDevices).where(inArray(sceneDevices.sceneId, [...own]));
  const members = list
    .filter((scene) => own.has(scene.id))
    .flatMap((scene) =>
      scene.devices
        .filter((member) => !plan.missingDevices.has(member.deviceId))
        .map((member) => ({ sceneId: scene.id, ...member })),
    );
  for (const batch of batches(members)) await tx.insert(sceneDevices).values(batch);
}

/**
 * Schedules become the backup's, with their ids, so the scheduler's claims (`schedule:<id>`, minute)
 * still hold for a schedule brought back and no minute it already fired in fires again. When it last
 * fired is run state: a schedule that still exists keeps its own; one brought back takes the later of
 * the backup's and the minute of its last claimed firing.
 */
async function restoreSchedules(tx: Db, nid: number, list: BackupContentV2['schedules']): Promise<void> {
  const ids = list.map((schedule) => schedule.id);
  await tx.delete(schedules).where(and(eq(schedules.nid, nid), notInArray(schedules.id, ids)));
  if (list.length === 0) return;
  const fired = new Map(
    (
      await tx
        .select({ name: jobRuns.name, slot: max(jobRuns.slot) })
        .from(jobRuns)
        .where(
          inArray(
            jobRuns.name,
            ids.map((id) => `schedule:${id}`),
          ),
        )
        .groupBy(jobRuns.name)
    ).map((row) => [row.name, row.slot]),
  );
  const creators = [...new Set(list.flatMap((s) => (s.createdBy === null ? [] : [s.createdBy])))];
  const known = new Set(
    creators.length
      ? (await tx.select({ id: users.id }).from(users).where(inArray(users.id, creators))).map((row) => row.id)
      : [],
  );
  const lastRunOf = (schedule: BackupContentV2['schedules'][number]): Date | null => {
    // A claimed slot is the minute (UTC, `YYYY-MM-DDTHH:MM`) the schedule fired in.
    const slot = fired.get(`schedule:${schedule.id}`);
    const claimed = slot ? Date.parse(`${slot}:00Z`) : null;
    const times = [schedule.lastRun === null ? null : schedule.lastRun * 1000, claimed].filter(
      (t): t is number => t !== null,
    );
    return times.length ? new Date(Math.max(...times)) : null;
  };
  for (const batch of batches(list)) {
    await tx
      .insert(schedules)
      .values(
        batch.map((schedule) => ({
          id: schedule.id,
          nid,
          kind: schedule.kind,
          name: schedule.name,
          enabled: schedule.enabled,
          targetKind: schedule.targetKind,
          targetId: schedule.targetId,
          action: schedule.action,
          year: schedule.year,
          month: schedule.month,
          day: schedule.day,
          dayOfWeek: schedule.dayOfWeek,
          hour: schedule.hour,
          minute: schedule.minute,
          second: schedule.second,
          astroEvent: schedule.astroEvent,
          astroShift: schedule.astroShift,
          overrideEnd: schedule.overrideEnd,
          overrideValue: schedule.overrideValue,
          lastRunAt: lastRunOf(schedule),
          createdBy: schedule.createdBy !== null && known.has(schedule.createdBy) ? schedule.createdBy : null,
          createdAt: new Date(schedule.createTime * 1000),
        })),
      )
      .onConflictDoUpdate({
        target: schedules.id,
        set: {
          kind: excluded(schedules.kind),
          name: excluded(schedules.name),
          enabled: excluded(schedules.enabled),
          targetKind: excluded(schedules.targetKind),
          targetId: excluded(schedules.targetId),
          action: excluded(schedules.action),
          year: excluded(schedules.year),
          month: excluded(schedules.month),
          day: excluded(schedules.day),
          dayOfWeek: excluded(schedules.dayOfWeek),
          hour: excluded(schedules.hour),
          minute: excluded(schedules.minute),
          second: excluded(schedules.second),
          astroEvent: excluded(schedules.astroEvent),
          astroShift: excluded(schedules.astroShift),
          overrideEnd: excluded(schedules.overrideEnd),
          overrideValue: excluded(schedules.overrideValue),
          createdBy: excluded(schedules.createdBy),
          createdAt: excluded(schedules.createdAt),
        },
        setWhere: eq(schedules.nid, nid),
      });
  }
}

/** What a restore of a backup can and cannot bring back in network `nid` as it is now. */
export interface RestorePlan {
  warnings: RestoreWarning[];
  /** Devices of the backup the network no longer has. */
  missingDevices: Set<number>;
  /** A device reference as the restore writes it: null for a missing device. */
  deviceOf(id: number | null): number | null;
  /** A profile reference as the restore writes it: null for a deleted profile. */
  profileOf(id: number | null): number | null;
  /** The floor-plan image the restore sets: the backup's when it is still stored, else none. */
  image: string | null;
}

/**
 * Finds what a restore cannot bring back exactly: devices of the backup the network no longer has,
 * applied profiles deleted since and a floor-plan image no longer stored. `backup/view` lists these
 * as warnings before the user confirms, and the restore skips exactly them.
 */
export async function planRestore(db: Db, nid: number, content: BackupContent): Promise<RestorePlan> {
  const warnings: RestoreWarning[] = [];
  const missingDevices = new Set<number>();
  const missingProfiles = new Set<number>();
  if (content.version === 2) {
    const present = new Set(
      (await db.select({ id: devices.id }).from(devices).where(eq(devices.nid, nid))).map((row) => row.id),
    );
    const gone = content.devices.filter((device) => !present.has(device.id));
    for (const device of gone) missingDevices.add(device.id);
    if (gone.length) warnings.push({ kind: 'deviceMissing', names: gone.map((device) => device.name) });
    const ids = content.profiles.map((profile) => profile.id);
    const stored = new Set(
      ids.length
        ? (await db.select({ id: profiles.id }).from(profiles).where(inArray(profiles.id, ids))).map((row) => row.id)
        : [],
    );
    const deleted = content.profiles.filter((profile) => !stored.has(profile.id));
    for (const profile of deleted) missingProfiles.add(profile.id);
    if (deleted.length) warnings.push({ kind: 'profileMissing', names: deleted.map((profile) => profile.name) });
  }
  let image = content.network.image;
  if (image) {
    const [file] = await db.select({ name: files.name }).from(files).where(eq(files.name, image)).limit(1);
    if (!file) {
      warnings.push({ kind: 'imageMissing', names: [image] });
      image = null;
    }
  }
  return {
    warnings,
    missingDevices,
    deviceOf: (id) => (id !== null && missingDevices.has(id) ? null : id),
    profileOf: (id) => (id !== null && missingProfiles.has(id) ? null : id),
    image,
  };
}

/**
 * Restores a backup in one transaction. A version 2 backup gives back the network's whole configuration:
 * settings (location, time zone, applied profile), zones, nodes, devices' configuration, groups, scenes
 * and schedules, with the backup's ids; what was added since is deleted (devices excepted: a restore
 * never creates or deletes a device). A version 1 backup gives back settings, zones and nodes and leaves
 * the rest as it is. Restoring the same backup twice gives the same network. What the restore could not
 * bring back (see `planRestore`) is skipped and answered. An audit event records before and after.
 */
export async function restoreBackup(ctx: AppContext, uid: number, backup: BackupRow): Promise<BackupRestoreResult> {
  const content = BackupContentSchema.parse(backup.content);
  return ctx.db.transaction(async (tx) => {
    const network = await lockNetwork(tx, backup.nid);
    const plan = await planRestore(tx, network.id, content);
    const zoneIds = content.zones.map((zone) => zone.id);
    const nodeIds = content.nodes.map((node) => node.id);
    await tx.delete(nodes).where(and(eq(nodes.nid, network.id), notInArray(nodes.id, nodeIds)));
    await tx.delete(zones).where(and(eq(zones.nid, network.id), notInArray(zones.id, zoneIds)));
    await upsertZones(tx, network.id, content.zones, ctx.now(), plan.profileOf);
    await upsertNodes(tx, network.id, content.nodes, plan.deviceOf);
    const settings =
      content.version === 2
        ? { ...content.network, configId: plan.profileOf(content.network.configId), image: plan.image }
        : { ...content.network, image: plan.image };
    if (content.version === 2) {
      await restoreDevices(tx, network.id, content.devices, plan);
      await restoreGroups(tx, network.id, content.groups, plan);
      await restoreScenes(tx, network.id, content.scenes, plan);
      await restoreSchedules(tx, network.id, content.schedules);
    }
    await tx
      .update(networks)
      .set({
        ...settings,
        ...('timeZone' in settings ? rollupsZoneOnChange(network, settings.timeZone) : {}),
        updatedAt: ctx.now(),
      })
      .where(eq(networks.id, network.id));
    // A restored price is a tariff change from today: the days before keep the price they had.
    await recordPriceChange(ctx, tx, network, uid);
    if (network.image && network.image !== settings.image) await releaseFile(tx, network.image);
    await recordAudit(tx, {
      action: 'backup.restore',
      actorUid: uid,
      pid: network.pid,
      nid: network.id,
      before: content.version === 2 ? networkSettingsV2Of(network) : networkSettingsOf(network),
      after: {
        backupId: backup.id,
        backupName: backup.name,
        version: content.version,
        ...settings,
        skipped: plan.warnings,
      },
    });
    return { skipped: plan.warnings };
  });
}
