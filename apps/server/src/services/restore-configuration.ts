import type { BackupContentV2 } from '@lightwell/domain';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { devices, groupDevices, groups, sceneDevices, scenes } from '../db/schema.ts';
import type { RestorePlan } from './plan-restore.ts';
import { batches, excluded } from './restore-rows.ts';

/**
 * Writes the backup's devices' configuration onto the devices that still exist (matched by id). A
 * virtual device added since that is bound to a real device the backup binds again is unbound, so a
 * real device keeps one virtual partner.
 */
export async function restoreDevices(
  tx: Db,
  nid: number,
  list: BackupContentV2['devices'],
  plan: RestorePlan,
): Promise<void> {
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
export async function restoreGroups(
  tx: Db,
  nid: number,
  list: BackupContentV2['groups'],
  plan: RestorePlan,
): Promise<void> {
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
export async function restoreScenes(
  tx: Db,
  nid: number,
  list: BackupContentV2['scenes'],
  plan: RestorePlan,
): Promise<void> {
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
