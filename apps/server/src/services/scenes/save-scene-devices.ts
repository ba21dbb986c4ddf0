import { allocateSceneSlots, Code, type Scene, type SceneDeviceState } from '@lightwell/domain';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { devices, sceneDevices } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { noPermission } from '../../policies/access.ts';
import type { SceneRow } from '../../presenters/scene.ts';
import { lockNetwork } from '../lock-network.ts';
import { findScene, loadScene } from './load-scenes.ts';

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

/** Sets the devices of a scene under its network's lock (see `saveSceneDevices`). */
export function setSceneDevices(ctx: AppContext, scene: SceneRow, states: readonly SceneDeviceState[]): Promise<Scene> {
  return ctx.db.transaction(async (tx) => {
    await lockNetwork(tx, scene.nid);
    await saveSceneDevices(tx, await findScene(tx, scene.id), states);
    return loadScene(tx, scene.id);
  });
}
