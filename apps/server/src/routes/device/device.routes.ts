import { Code, epochSeconds, normaliseMac, periodEndingAt, SENSOR_KINDS, spanOf } from '@lightwell/domain';
import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { escapeLike } from '../../db/queries/networks.ts';
import { devices } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { authorizeDeviceEdit } from '../../policies/network-edit.ts';
import { presentDeviceSummary, presentSensor, statusSource } from '../../presenters/device.ts';
import { bindDevice, unbindDevice } from '../../services/devices/bind-device.ts';
import { deleteDevice } from '../../services/devices/delete-device.ts';
import { findDevice, loadDeviceContext, loadDeviceDetail, pageOfDevices } from '../../services/devices/load-devices.ts';
import { addDevices, updateDevice } from '../../services/devices/save-devices.ts';
import { loadTriggerTotals } from '../../services/energy/energy-cells.ts';
import { rollupsInZone } from '../../telemetry/index.ts';

const nowSeconds = (ctx: AppContext) => epochSeconds(ctx.now());

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
    const { rows, context } = await addDevices(ctx, { uid: session.uid, network: access.network }, payload.devices);
    return rows.map((row) => presentDeviceSummary(row, context, nowSeconds(ctx)));
  });

  serveCall(app, 'deviceUpdate', async ({ ctx, session, payload }) => {
    const device = await findDevice(ctx.db, payload.deviceId);
    const access = await loadNetworkAccess(ctx, session.uid, device.nid);
    authorizeDeviceEdit(access);
    const { mac, model } = payload.changes;
    if (!device.isVirtual && (mac !== undefined || model !== undefined)) {
      throw new CallError(Code.badInput, 'The MAC address and model of a real device come from its gateway.', null, {
        key: 'refusals.1001.realFromGateway',
      });
    }
    const updated = await updateDevice(ctx, { uid: session.uid, network: access.network }, device, payload.changes);
    return loadDeviceDetail(ctx.db, updated, session.uid, nowSeconds(ctx));
  });

  serveCall(app, 'deviceDelete', async ({ ctx, session, payload }) => {
    const device = await findDevice(ctx.db, payload.deviceId);
    const access = await loadNetworkAccess(ctx, session.uid, device.nid);
    authorizeDeviceEdit(access);
    await deleteDevice(ctx, { uid: session.uid, network: access.network }, device);
    return null;
  });

  serveCall(app, 'deviceBind', async ({ ctx, session, payload }) => {
    const virtual = await findDevice(ctx.db, payload.virtualId);
    const access = await loadNetworkAccess(ctx, session.uid, virtual.nid);
    authorizeDeviceEdit(access);
    const real = await findDevice(ctx.db, payload.realId);
    if (real.nid !== virtual.nid) throw noPermission();
    const bound = await bindDevice(ctx, { uid: session.uid, network: access.network }, virtual, real);
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
    const row = await unbindDevice(ctx, { uid: session.uid, network: access.network }, virtual);
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
