import {
  type BindRefusal,
  bindRefusal,
  Code,
  type DeviceChanges,
  type DeviceKind,
  duplicateMacs,
  epochSeconds,
  mayDeleteDevice,
  normaliseMac,
  periodEndingAt,
  SENSOR_KINDS,
  type SensorSummary,
  spanOf,
} from '@lightwell/domain';
import { and, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { escapeLike } from '../../db/queries/networks.ts';
import { devices, nodes, products } from '../../db/schema.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { serveCall } from '../../lib/serve-call.ts';
import { loadNetworkAccess, type NetworkAccess, noPermission } from '../../policies/access.ts';
import { recordAudit } from '../../services/audit.ts';
import { loadTriggerTotals } from '../../services/energy/energy-cells.ts';
import { lockNetwork } from '../../services/lock-network.ts';
import { rollupsInZone } from '../../telemetry/rezone.ts';
import { mergeBoundSceneSlots } from '../scene/scene-queries.ts';
import {
  type DeviceRow,
  findDevice,
  loadDeviceContext,
  loadDeviceDetail,
  pageOfDevices,
  presentDeviceSummary,
  statusSource,
  syncStateFor,
  virtualBoundTo,
} from './device-queries.ts';

/** Section 6: every member reads devices; only owners and installers change them (sub-users 1013). */
function authorizeDeviceEdit(access: NetworkAccess): void {
  if (!access.abilities.edit) throw new CallError(Code.noPermission, 'No permission to add or modify devices.');
}

const nowSeconds = (ctx: AppContext) => epochSeconds(ctx.now());

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
async function catalogueProducts(db: Db, wanted: { model: string; kind: string }[]) {
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

/** Devices of a network: list and detail, virtual devices added in batches, binding, and sensors (4-7, 4-9). */
export function deviceRoutes(app: FastifyInstance): void {
  serveCall(app, 'deviceList', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const conditions: (SQL | undefined)[] = [eq(devices.nid, payload.nid)];
    if (payload.kind) conditions.push(eq(devices.kind, payload.kind));
    if (payload.isVirtual !== undefined) conditions.push(eq(devices.isVirtual, payload.isVirtual));
    if (payload.search) {
      const term = `%${escapeLike(payload.search)}%`;
      const macTerm = normaliseMac(payload.search);
      conditions.push(
        or(
          ilike(devices.name, term),
          ilike(devices.model, term),
          macTerm ? ilike(devices.mac, `%${escapeLike(macTerm)}%`) : undefined,
        ),
      );
    }
    const where = and(...conditions);
    const { rows, total } = await pageOfDevices(ctx.db, where, payload);
    const context = await loadDeviceContext(ctx.db, rows);
    const page = {
      list: rows.map((row) => presentDeviceSummary(row, context, nowSeconds(ctx))),
      total,
      page: payload.page,
      pageSize: payload.pageSize,
    };
    return total === 0 ? new Answer(Code.emptyList, page) : page;
  });

  serveCall(app, 'deviceGet', async ({ ctx, session, payload }) => {
    const row = await findDevice(ctx.db, payload.deviceId);
    await loadNetworkAccess(ctx, session.uid, row.nid);
    return loadDeviceDetail(ctx.db, row, session.uid, nowSeconds(ctx));
  });

  serveCall(app, 'deviceAdd', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeDeviceEdit(access);
    const rows = payload.devices;
    const twice = duplicateMacs(rows.map((r) => r.mac));
    if (twice.length > 0) throw macTaken(twice);
    return ctx.db.transaction(async (tx) => {
      await lockNetwork(tx, payload.nid);
      const taken = await virtualMacsInUse(
        tx,
        payload.nid,
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
              nid: payload.nid,
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
        actorUid: session.uid,
        pid: access.network.pid,
        nid: payload.nid,
        after: inserted.map((d) => ({ id: d.id, name: d.name, model: d.model, mac: d.mac })),
      });
      const context = await loadDeviceContext(tx, inserted);
      return inserted.map((row) => presentDeviceSummary(row, context, nowSeconds(ctx)));
    });
  });

  serveCall(app, 'deviceUpdate', async ({ ctx, session, payload }) => {
    const device = await findDevice(ctx.db, payload.deviceId);
    const access = await loadNetworkAccess(ctx, session.uid, device.nid);
    authorizeDeviceEdit(access);
    const { mac, model, ...fields } = payload.changes;
    if (!device.isVirtual && (mac !== undefined || model !== undefined)) {
      throw new CallError(Code.badInput, 'The MAC address and model of a real device come from its gateway.', null, {
        key: 'refusals.1001.realFromGateway',
      });
    }
    const updated = await ctx.db.transaction(async (tx) => {
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
        actorUid: session.uid,
        pid: access.network.pid,
        nid: current.nid,
        before: { id: current.id, name: current.name, model: current.model, mac: current.mac },
        after: { id: row!.id, name: row!.name, model: row!.model, mac: row!.mac },
      });
      return row!;
    });
    return loadDeviceDetail(ctx.db, updated, session.uid, nowSeconds(ctx));
  });

  serveCall(app, 'deviceDelete', async ({ ctx, session, payload }) => {
    const device = await findDevice(ctx.db, payload.deviceId);
    const access = await loadNetworkAccess(ctx, session.uid, device.nid);
    authorizeDeviceEdit(access);
    await ctx.db.transaction(async (tx) => {
      await lockNetwork(tx, device.nid);
      const current = await findDevice(tx, device.id);
      const boundBy = current.isVirtual ? null : await virtualBoundTo(tx, current.id);
      if (!mayDeleteDevice(current, boundBy?.id ?? null)) {
        throw new CallError(Code.deviceBound, 'This device is bound; unbind it first.');
      }
      const removed = await tx
        .delete(nodes)
        .where(and(eq(nodes.nid, current.nid), or(eq(nodes.vid, current.id), eq(nodes.rid, current.id))))
        .returning({ id: nodes.id });
      await tx.delete(devices).where(eq(devices.id, current.id));
      await recordAudit(tx, {
        action: 'device.delete',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: current.nid,
        before: {
          id: current.id,
          name: current.name,
          model: current.model,
          mac: current.mac,
          nodes: removed.map((n) => n.id),
        },
      });
    });
    return null;
  });

  serveCall(app, 'deviceBind', async ({ ctx, session, payload }) => {
    const virtual = await findDevice(ctx.db, payload.virtualId);
    const access = await loadNetworkAccess(ctx, session.uid, virtual.nid);
    authorizeDeviceEdit(access);
    const real = await findDevice(ctx.db, payload.realId);
    if (real.nid !== virtual.nid) throw noPermission();
    const bound = await ctx.db.transaction(async (tx) => {
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
        actorUid: session.uid,
        pid: access.network.pid,
        nid: v.nid,
        before: { id: v.id, boundId: v.boundId },
        after: { id: v.id, boundId: r.id },
      });
      return row!;
    });
    return loadDeviceDetail(ctx.db, bound, session.uid, nowSeconds(ctx));
  });

  serveCall(app, 'deviceUnbind', async ({ ctx, session, payload }) => {
    const virtual = await findDevice(ctx.db, payload.virtualId);
    const access = await loadNetworkAccess(ctx, session.uid, virtual.nid);
    authorizeDeviceEdit(access);
    if (!virtual.isVirtual) {
      throw new CallError(Code.badInput, 'Only a virtual device is unbound.', null, {
        key: 'refusals.1001.unbindVirtualOnly',
      });
    }
    const row = await ctx.db.transaction(async (tx) => {
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
        actorUid: session.uid,
        pid: access.network.pid,
        nid: v.nid,
        before: { id: v.id, boundId: v.boundId },
        after: { id: v.id, boundId: null },
      });
      return updated!;
    });
    return loadDeviceDetail(ctx.db, row, session.uid, nowSeconds(ctx));
  });

  serveCall(app, 'sensorList', async ({ ctx, session, payload }) => {
    const { network } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const where = and(eq(devices.nid, payload.nid), inArray(devices.kind, [...SENSOR_KINDS]));
    const { rows, total } = await pageOfDevices(ctx.db, where, payload);
    const context = await loadDeviceContext(ctx.db, rows);
    let list = rows.map((row) => presentSensor(row, context.partners.get(row.id) ?? null, context.elements));
    if (payload.span) {
      // Over a period: each sensor's triggers read as the sensor heat maps read them (its real device's).
      const period = periodEndingAt(payload.until ?? nowSeconds(ctx), spanOf(payload.span), network.timeZone);
      const sourceOf = new Map(rows.map((row) => [row.id, statusSource(row, context.partners.get(row.id) ?? null).id]));
      const totals = await loadTriggerTotals(
        ctx.db,
        network.id,
        network.timeZone,
        period,
        [...new Set(sourceOf.values())],
        rollupsInZone(network),
      );
      list = list.map((sensor) => ({ ...sensor, triggerCount: totals.get(sourceOf.get(sensor.id)!) ?? 0 }));
    }
    const page = { list, total, page: payload.page, pageSize: payload.pageSize };
    return total === 0 ? new Answer(Code.emptyList, page) : page;
  });
}

/** A sensor row: trigger count, newest trigger and lux of the device whose state it shows. */
function presentSensor(
  row: DeviceRow,
  partner: DeviceRow | null,
  elements: Map<number, { triggeredAt: Date | null; lux: number | null }[]>,
): SensorSummary {
  const source = statusSource(row, partner);
  const own = elements.get(source.id) ?? [];
  const triggered = own.map((e) => e.triggeredAt?.getTime() ?? null).filter((t): t is number => t !== null);
  const lux = own.map((e) => e.lux).find((value) => value !== null) ?? null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as DeviceKind,
    model: row.model,
    mac: row.mac,
    isVirtual: row.isVirtual,
    online: source.online,
    triggerCount: source.sensorTriggerCount,
    lastTriggeredAt: triggered.length > 0 ? Math.floor(Math.max(...triggered) / 1000) : null,
    lux,
  };
}
