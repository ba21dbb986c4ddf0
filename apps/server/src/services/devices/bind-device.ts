import { type BindRefusal, bindRefusal, Code, mergeSceneSlots } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { devices, sceneDevices } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { noPermission } from '../../policies/access.ts';
import { type DeviceRow, syncStateFor } from '../../presenters/device.ts';
import { recordAudit } from '../audit.ts';
import { lockNetwork } from '../lock-network.ts';
import { findDevice, virtualBoundTo } from './load-devices.ts';
import type { DeviceActor } from './save-devices.ts';

/** Section 5 binding refusals as codes: mismatch 1077, already bound 1076, another network's device 1013. */
function refuseBinding(refusal: BindRefusal): never {
  switch (refusal) {
    case 'modelMismatch':
      throw new CallError(Code.modelMismatch, 'The device models do not match.');
    case 'virtualBound':
    case 'realBound':
      throw new CallError(Code.deviceBound, 'This device is already bound; unbind it first.');
    case 'otherNetwork':
      throw noPermission();
    case 'notVirtual':
      throw new CallError(Code.badInput, 'Only a virtual device can be bound to a real device.', null, {
        key: 'refusals.1001.bindVirtualOnly',
      });
    case 'notReal':
      throw new CallError(Code.badInput, 'A virtual device can only be bound to a real device.', null, {
        key: 'refusals.1001.bindRealOnly',
      });
  }
}

/**
 * Merges the scene slots of a virtual device being bound to a real one (they become one luminaire with
 * one set of 16 slots), inside the caller's transaction: the virtual device's colliding scenes move to
 * free slots. More than 16 scenes together answers 1079 and nothing is changed.
 */
async function mergeBoundSceneSlots(tx: Db, realId: number, virtualId: number): Promise<void> {
  const rows = await tx
    .select({ deviceId: sceneDevices.deviceId, sceneId: sceneDevices.sceneId, slot: sceneDevices.slot })
    .from(sceneDevices)
    .where(inArray(sceneDevices.deviceId, [realId, virtualId]));
  const merged = mergeSceneSlots(
    rows.filter((row) => row.deviceId === realId),
    rows.filter((row) => row.deviceId === virtualId),
  );
  if (!merged.ok) {
    throw new CallError(
      Code.sceneSlotsFull,
      `Bound together they would be in ${merged.scenes} scenes, and a luminaire holds at most 16; remove one of them from some scenes first.`,
      { scenes: merged.scenes },
      { key: 'refusals.1079.merged' },
    );
  }
  for (const move of merged.moves) {
    await tx
      .update(sceneDevices)
      .set({ slot: move.to })
      .where(and(eq(sceneDevices.sceneId, move.sceneId), eq(sceneDevices.deviceId, virtualId)));
  }
}

/**
 * Binds virtual device `virtual` to real device `real` of the same network (section 5), under the network's
 * lock: refused as `bindRefusal` says; their scene slots merged; audited.
 */
export function bindDevice(
  ctx: AppContext,
  actor: DeviceActor,
  virtual: DeviceRow,
  real: DeviceRow,
): Promise<DeviceRow> {
  return ctx.db.transaction(async (tx) => {
    await lockNetwork(tx, virtual.nid);
    const v = await findDevice(tx, virtual.id);
    const r = await findDevice(tx, real.id);
    const holder = await virtualBoundTo(tx, r.id);
    const refusal = bindRefusal(v, r, holder?.id ?? null);
    if (refusal) refuseBinding(refusal);
    await mergeBoundSceneSlots(tx, r.id, v.id);
    const [row] = await tx
      .update(devices)
      .set({ boundId: r.id, syncState: syncStateFor({ ...v, boundId: r.id }, r) })
      .where(eq(devices.id, v.id))
      .returning();
    await recordAudit(tx, {
      action: 'device.bind',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: v.nid,
      before: { id: v.id, boundId: v.boundId },
      after: { id: v.id, boundId: r.id },
    });
    return row!;
  });
}

/** Unbinds virtual device `virtual` under the network's lock; a device bound to nothing is answered as it is. */
export function unbindDevice(ctx: AppContext, actor: DeviceActor, virtual: DeviceRow): Promise<DeviceRow> {
  return ctx.db.transaction(async (tx) => {
    await lockNetwork(tx, virtual.nid);
    const v = await findDevice(tx, virtual.id);
    if (v.boundId === null) return v;
    const [updated] = await tx
      .update(devices)
      .set({ boundId: null, syncState: 1 })
      .where(eq(devices.id, v.id))
      .returning();
    await recordAudit(tx, {
      action: 'device.unbind',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: v.nid,
      before: { id: v.id, boundId: v.boundId },
      after: { id: v.id, boundId: null },
    });
    return updated!;
  });
}
