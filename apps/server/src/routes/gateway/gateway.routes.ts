import { Code } from '@lightwell/domain';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { clockAheadOf } from '../../db/queries/gateways.ts';
import { deviceNodeIds } from '../../db/queries/nodes.ts';
import { devices, gatewayDiagnoses, gateways } from '../../db/schema.ts';
import { hashGatewaySecret, loadDeviceStates, newGatewaySecret } from '../../gateway-link/index.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer } from '../../lib/call-error.ts';
import { loadNetworkAccess, type NetworkAccess, noPermission } from '../../policies/access.ts';
import { authorizeGatewayEdit } from '../../policies/network-edit.ts';
import {
  type GatewayRow,
  presentGateway,
  presentGatewayDevice,
  presentGatewayDiagnosis,
} from '../../presenters/gateway.ts';
import { addGateway, deleteGateway, renameGateway, resetGatewaySecret } from '../../services/change-gateway.ts';

/** Loads a gateway for a member of its network; 1013 for a foreign or missing id alike. */
async function loadGatewayAccess(
  ctx: AppContext,
  uid: number,
  gatewayId: number,
): Promise<{ gateway: GatewayRow; access: NetworkAccess }> {
  const [gateway] = await ctx.db.select().from(gateways).where(eq(gateways.id, gatewayId)).limit(1);
  if (!gateway) throw noPermission();
  return { gateway, access: await loadNetworkAccess(ctx, uid, gateway.nid) };
}

/** Gateways of a network, their diagnoses and real devices, and the live device state (sections 3-5). */
export function gatewayRoutes(app: FastifyInstance): void {
  serveCall(app, 'gatewayList', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const rows = await ctx.db.select().from(gateways).where(eq(gateways.nid, payload.nid)).orderBy(asc(gateways.id));
    const clock = await clockAheadOf(
      ctx.db,
      rows.map((row) => row.id),
    );
    const list = rows.map((row) => presentGateway(row, clock.get(row.id)));
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'gatewayAdd', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeGatewayEdit(access);
    const secret = newGatewaySecret();
    const actor = { uid: session.uid, network: access.network };
    const row = await addGateway(ctx, actor, payload, hashGatewaySecret(secret));
    return { ...presentGateway(row), secret };
  });

  serveCall(app, 'gatewayUpdate', async ({ ctx, session, payload }) => {
    const { gateway, access } = await loadGatewayAccess(ctx, session.uid, payload.gatewayId);
    authorizeGatewayEdit(access);
    const row = await renameGateway(ctx, { uid: session.uid, network: access.network }, gateway, payload.name);
    return presentGateway(row, (await clockAheadOf(ctx.db, [row.id])).get(row.id));
  });

  serveCall(app, 'gatewayDelete', async ({ ctx, session, payload }) => {
    const { gateway, access } = await loadGatewayAccess(ctx, session.uid, payload.gatewayId);
    authorizeGatewayEdit(access);
    await deleteGateway(ctx, { uid: session.uid, network: access.network }, gateway);
    return null;
  });

  serveCall(app, 'gatewaySecretReset', async ({ ctx, session, payload }) => {
    const { gateway, access } = await loadGatewayAccess(ctx, session.uid, payload.gatewayId);
    authorizeGatewayEdit(access);
    const secret = newGatewaySecret();
    await resetGatewaySecret(ctx, { uid: session.uid, network: access.network }, gateway, hashGatewaySecret(secret));
    return { secret };
  });

  serveCall(app, 'gatewayDiagnosisList', async ({ ctx, session, payload }) => {
    const { gateway } = await loadGatewayAccess(ctx, session.uid, payload.gatewayId);
    const where = eq(gatewayDiagnoses.gatewayId, gateway.id);
    const [{ total }] = (await ctx.db.select({ total: count() }).from(gatewayDiagnoses).where(where)) as [
      { total: number },
    ];
    const rows = await ctx.db
      .select()
      .from(gatewayDiagnoses)
      .where(where)
      .orderBy(desc(gatewayDiagnoses.at), desc(gatewayDiagnoses.id))
      .limit(payload.pageSize)
      .offset((payload.page - 1) * payload.pageSize);
    return {
      total,
      page: payload.page,
      pageSize: payload.pageSize,
      list: rows.map(presentGatewayDiagnosis),
    };
  });

  serveCall(app, 'gatewayRealDevices', async ({ ctx, session, payload }) => {
    const { gateway } = await loadGatewayAccess(ctx, session.uid, payload.gatewayId);
    const rows = await ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.gatewayId, gateway.id), eq(devices.isVirtual, false)))
      .orderBy(asc(devices.address), asc(devices.id));
    const list = rows.map(presentGatewayDevice);
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'deviceStateList', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const real = await ctx.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.nid, payload.nid), eq(devices.isVirtual, false)));
    const states = await loadDeviceStates(
      ctx.db,
      payload.nid,
      real.map((d) => d.id),
      ctx.now(),
    );
    const nodeIds = await deviceNodeIds(ctx.db, payload.nid);
    return { devices: states.map((state) => ({ ...state, nodeIds: nodeIds.get(state.id) ?? [] })) };
  });
}
