import { Code, type Scene, sortScenes } from '@lightwell/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, sceneDevices, scenes } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { noPermission } from '../../policies/access.ts';
import { presentScene, type SceneRow } from '../../presenters/scene.ts';

/** A scene row by id; 1013 when there is none. */
export async function findScene(db: Db, sceneId: number): Promise<SceneRow> {
  const [row] = await db.select().from(scenes).where(eq(scenes.id, sceneId)).limit(1);
  if (!row) throw noPermission();
  return row;
}

async function devicesOfScenes(db: Db, sceneIds: number[]) {
  if (sceneIds.length === 0) return [];
  return db
    .select({
      sceneId: sceneDevices.sceneId,
      deviceId: sceneDevices.deviceId,
      slot: sceneDevices.slot,
      onOff: sceneDevices.onOff,
      lightness: sceneDevices.lightness,
      cct: sceneDevices.cct,
      isVirtual: devices.isVirtual,
    })
    .from(sceneDevices)
    .innerJoin(devices, eq(devices.id, sceneDevices.deviceId))
    .where(inArray(sceneDevices.sceneId, sceneIds))
    .orderBy(asc(sceneDevices.deviceId));
}

/** Scenes of a network, built-in scenes first. */
export async function listScenes(db: Db, nid: number): Promise<Scene[]> {
  const rows = await db.select().from(scenes).where(eq(scenes.nid, nid));
  const members = await devicesOfScenes(
    db,
    rows.map((row) => row.id),
  );
  return sortScenes(rows).map((row) =>
    presentScene(
      row,
      members.filter((m) => m.sceneId === row.id),
    ),
  );
}

/** One scene with its devices. */
export async function loadScene(db: Db, sceneId: number): Promise<Scene> {
  return presentScene(await findScene(db, sceneId), await devicesOfScenes(db, [sceneId]));
}

/** Refuses changes to a built-in scene. */
export function assertEditable(scene: SceneRow): void {
  if (scene.builtIn !== null) throw new CallError(Code.noPermission, 'Built-in scenes cannot be changed or deleted.');
}
