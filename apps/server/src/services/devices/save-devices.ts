import { type CallPayload, Code, type DeviceChanges, duplicateMacs } from '@lightwell/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { devices, products } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import type { DeviceContext, DeviceRow } from '../../presenters/device.ts';
import { recordAudit } from '../audit.ts';
import { lockNetwork } from '../lock-network.ts';
import { findDevice, loadDeviceContext } from './load-devices.ts';

/** Who changes devices of which network. */
export interface DeviceActor {
  uid: number;
  network: Pick<NetworkRow, 'id' | 'pid'>;
}

const macTaken = (macs: string[]) =>
  new CallError(Code.macTaken, 'Another device of this network already uses this MAC address.', { macs });

/** Virtual devices of network `nid` using one of `macs` (other than `exceptId`). */
async function virtualMacsInUse(db: Db, nid: number, macs: string[], exceptId?: number): Promise<string[]> {
  if (macs.length === 0) return [];
  const rows = await db
    .select({ mac: devices.mac })
    .from(devices)
    .where(
      and(
        eq(devices.nid, nid),
        eq(devices.isVirtual, true),
        inArray(devices.mac, macs),
        exceptId === undefined ? undefined : ne(devices.id, exceptId),
      ),
    );
  return rows.map((r) => r.mac);
}

/** Catalogue products by model; 1001 naming the first model that is not in the catalogue or of another kind. */
async function catalogueProducts(db: Db, wanted: readonly { model: string; kind: string }[]) {
  const models = [...new Set(wanted.map((w) => w.model))];
  const rows = await db.select().from(products).where(inArray(products.model, models));
  const byModel = new Map(rows.map((p) => [p.model, p]));
  for (const { model, kind } of wanted) {
    const product = byModel.get(model);
    if (!product)
      throw new CallError(Code.badInput, `Device model ${model} is not in the product catalogue.`, null, {
        key: 'refusals.1001.modelUnknown',
        params: { model },
      });
    if (product.kind !== kind) {
      throw new CallError(Code.badInput, `Device model ${model} is a ${product.kind}, not a ${kind}.`, null, {
        key: 'refusals.1001.modelKind',
        params: { model },
      });
    }
  }
  return byModel;
}

/** The values of a device's own fields in a change (undefined leaves a field as it is). */
function fieldValues(changes: Omit<DeviceChanges, 'mac' | 'model'>) {
  return {
    name: changes.name,
    serialNumber: changes.serialNumber,
    manufacturer: changes.manufacturer,
    supplier: changes.supplier,
    firmwareVersion: changes.firmwareVersion,
    hardwareVersion: changes.hardwareVersion,
    installedAt:
      changes.installedAt === undefined
        ? undefined
        : changes.installedAt === null
          ? null
          : new Date(changes.installedAt * 1000),
    ratedPower: changes.ratedPower,
    batteryType: changes.batteryType,
  };
}

/** A virtual device as a batch adds it. */
type NewDevice = CallPayload<'deviceAdd'>['devices'][number];

/**
 * Adds a batch of virtual devices to the actor's network, each from its catalogue product; 1065 naming the
 * MAC addresses used twice in the batch or already by a virtual device of the network; audited. Answers
 * the rows with what is needed to present them, read in the same transaction.
 */
export async function addDevices(
  ctx: AppContext,
  actor: DeviceActor,
  rows: readonly NewDevice[],
): Promise<{ rows: DeviceRow[]; context: DeviceContext }> {
  const nid = actor.network.id;
  const twice = duplicateMacs(rows.map((r) => r.mac));
  if (twice.length > 0) throw macTaken(twice);
  return ctx.db.transaction(async (tx) => {
    await lockNetwork(tx, nid);
    const taken = await virtualMacsInUse(
      tx,
      nid,
      rows.map((r) => r.mac),
    );
    if (taken.length > 0) throw macTaken(taken);
    const catalogue = await catalogueProducts(tx, rows);
    const inserted = await tx
      .insert(devices)
      .values(
        rows.map((row) => {
          const product = catalogue.get(row.model)!;
          return {
            nid,
            isVirtual: true,
            kind: product.kind,
            productId: product.id,
            model: product.model,
            mac: row.mac,
            ...fieldValues(row),
            name: row.name,
            manufacturer: row.manufacturer || product.manufacturer,
            syncState: 1,
          };
        }),
      )
      .returning();
    await recordAudit(tx, {
      action: 'device.add',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid,
      after: inserted.map((d) => ({ id: d.id, name: d.name, model: d.model, mac: d.mac })),
    });
    return { rows: inserted, context: await loadDeviceContext(tx, inserted) };
  });
}

/**
 * Changes a device's own fields, and a virtual device's MAC address and model (its product follows the
 * model; 1076 while it is bound), under the network's lock; audited.
 */
export function updateDevice(
  ctx: AppContext,
  actor: DeviceActor,
  device: DeviceRow,
  changes: DeviceChanges,
): Promise<DeviceRow> {
  const { mac, model, ...fields } = changes;
  return ctx.db.transaction(async (tx) => {
    await lockNetwork(tx, device.nid);
    const current = await findDevice(tx, device.id);
    const modelChanges = model !== undefined && model !== current.model;
    if (modelChanges && current.boundId !== null) {
      throw new CallError(Code.deviceBound, 'This virtual device is bound; unbind it before changing its model.');
    }
    if (mac !== undefined && (await virtualMacsInUse(tx, current.nid, [mac], current.id)).length > 0) {
      throw macTaken([mac]);
    }
    const product = modelChanges
      ? (await catalogueProducts(tx, [{ model: model!, kind: current.kind }])).get(model!)!
      : undefined;
    const [row] = await tx
      .update(devices)
      .set({
        ...fieldValues(fields),
        mac,
        model: product?.model,
        productId: product?.id,
        updatedAt: ctx.now(),
      })
      .where(eq(devices.id, current.id))
      .returning();
    await recordAudit(tx, {
      action: 'device.update',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: current.nid,
      before: { id: current.id, name: current.name, model: current.model, mac: current.mac },
      after: { id: row!.id, name: row!.name, model: row!.model, mac: row!.mac },
    });
    return row!;
  });
}
