import {
  allocateSceneSlots,
  BUILT_IN_SCENE_NAMES,
  BUILT_IN_SCENES,
  Code,
  type Scene,
  type SceneDeviceState,
  sortScenes,
} from '@lightwell/domain';
import { and, asc, eq, inArray, ne, or } from 'drizzle-orm';
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

/**
 * Creates the three built-in scenes of a network (1 all off, 2 all 50 %, 3 all on) unless they exist:
 * they are made on the first scene list or scene add, so networks made before scenes existed get them too.
 */
export async function ensureBuiltInScenes(db: Db, nid: number): Promise<void> {
  await db
    .insert(scenes)
    .values(
      BUILT_IN_SCENES.map((scene) => ({
        nid,
        number: scene.number,
        name: BUILT_IN_SCENE_NAMES[scene.builtIn]!,
        type: 'generic',
        params: { dimmingLevel: scene.lightness },
        builtIn: scene.builtIn,
      })),
    )
    .onConflictDoNothing();
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

/**
 * The scene slots each device already uses in other scenes. A virtual device and the real device it is
 * bound to (the binding may be kept on either side) are one luminaire with one set of 16 slots, so the
 * slots of the other one count too.
 */
async function usedSlots(tx: Db, scene: SceneRow, deviceIds: number[]): Promise<Map<number, number[]>> {
  const used = new Map<number, number[]>(deviceIds.map((id) => [id, []]));
  if (deviceIds.length === 0) return used;
  const luminaireOf = new Map<number, number[]>(deviceIds.map((id) => [id, [id]]));
  const bindings = await tx
    .select({ id: devices.id, boundId: devices.boundId })
    .from(devices)
    .where(and(eq(devices.nid, scene.nid), or(inArray(devices.id, deviceIds), inArray(devices.boundId, deviceIds))));
  for (const { id, boundId } of bindings) {
    if (boundId === null) continue;
    if (id !== boundId) luminaireOf.get(id)?.push(boundId);
    if (id !== boundId) luminaireOf.get(boundId)?.push(id);
  }
  const holders = [...new Set([...luminaireOf.values()].flat())];
  const taken = await tx
    .select({ deviceId: sceneDevices.deviceId, slot: sceneDevices.slot })
    .from(sceneDevices)
    .where(and(inArray(sceneDevices.deviceId, holders), ne(sceneDevices.sceneId, scene.id)));
  for (const [deviceId, members] of luminaireOf) {
    const slots = taken.filter((row) => members.includes(row.deviceId)).map((row) => row.slot);
    used.set(deviceId, [...new Set(slots)]);
  }
  return used;
}

/**
 * Replaces the devices of a scene, inside the caller's transaction (which holds the network lock).
 * Devices staying keep their slot; new ones get their lowest free slot of 16. When any luminaire has no
 * free slot, nothing is written and 1079 names them in `data.devices`.
 */
export async function saveSceneDevices(tx: Db, scene: SceneRow, states: readonly SceneDeviceState[]): Promise<void> {
  const wanted = new Map(states.map((state) => [state.deviceId, state]));
  const ids = [...wanted.keys()];
  const rows = ids.length
    ? await tx
        .select({ id: devices.id, name: devices.name, kind: devices.kind })
        .from(devices)
        .where(and(eq(devices.nid, scene.nid), inArray(devices.id, ids)))
    : [];
  if (rows.length !== ids.length) throw noPermission();
  const notLights = rows.filter((row) => row.kind !== 'luminaire').map((row) => row.id);
  if (notLights.length > 0) {
    throw new CallError(
      Code.badInput,
      'Scenes take only luminaires.',
      { devices: notLights },
      { key: 'refusals.1001.sceneLuminairesOnly' },
    );
  }

  const current = await tx.select().from(sceneDevices).where(eq(sceneDevices.sceneId, scene.id));
  const kept = new Map(current.filter((row) => wanted.has(row.deviceId)).map((row) => [row.deviceId, row.slot]));
  const added = ids.filter((id) => !kept.has(id));
  const allocation = allocateSceneSlots(await usedSlots(tx, scene, added));
  if (!allocation.ok) {
    const full = rows.filter((row) => allocation.full.includes(row.id)).map(({ id, name }) => ({ id, name }));
    throw new CallError(
      Code.sceneSlotsFull,
      'A luminaire belongs to at most 16 scenes; remove it from another scene first.',
      { devices: full },
    );
  }
  await tx.delete(sceneDevices).where(eq(sceneDevices.sceneId, scene.id));
  if (ids.length === 0) return;
  await tx.insert(sceneDevices).values(
    ids.map((deviceId) => {
      const state = wanted.get(deviceId)!;
      return {
        sceneId: scene.id,
        deviceId,
        slot: kept.get(deviceId) ?? allocation.slots.get(deviceId)!,
        onOff: state.onOff,
        lightness: state.lightness,
        cct: state.cct ?? null,
      };
    }),
  );
}
