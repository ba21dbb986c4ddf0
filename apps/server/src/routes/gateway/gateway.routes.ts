import { randomBytes } from 'node:crypto';
import {
  CLOCK_AHEAD_CODE,
  Code,
  epochSeconds,
  epochSecondsOrNull,
  type Gateway,
  isGatewayOnline,
  normaliseGatewayOnLoad,
} from '@lightwell/domain';
import { and, asc, count, desc, eq, inArray, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { devices, gatewayDiagnoses, gateways, nodes } from '../../db/schema.ts';
import { hashGatewaySecret, loadDeviceStates, newGatewaySecret } from '../../gateway-link/index.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { serveCall } from '../../lib/serve-call.ts';
import { loadNetworkAccess, type NetworkAccess, noPermission } from '../../policies/access.ts';
import { recordAudit } from '../../services/audit.ts';

type GatewayRow = typeof gateways.$inferSelect;
type ClockAhead = Gateway['clockAhead'];

const NO_CLOCK_FAULT: ClockAhead = { count: 0, lastAt: null };

/** Per gateway, its reports refused for a clock ahead (its `clockAhead` diagnosis entries) and the last one. */
async function clockAheadOf(db: Db, ids: number[]): Promise<Map<number, ClockAhead>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ gatewayId: gatewayDiagnoses.gatewayId, count: count(), lastAt: max(gatewayDiagnoses.at) })
    .from(gatewayDiagnoses)
    .where(and(inArray(gatewayDiagnoses.gatewayId, ids), eq(gatewayDiagnoses.code, CLOCK_AHEAD_CODE)))
    .groupBy(gatewayDiagnoses.gatewayId);
  return new Map(
    rows.map((row) => [row.gatewayId, { count: Number(row.count), lastAt: epochSecondsOrNull(row.lastAt) }]),
  );
}

/** A gateway as the console shows it, with the section-4 on-load rule applied. */
export function presentGateway(row: GatewayRow, clockAhead: ClockAhead = NO_CLOCK_FAULT): Gateway {
  const loaded = normaliseGatewayOnLoad(row);
  return {
    id: row.id,
    nid: row.nid,
    sn: row.sn,
    name: row.name,
    gatewayType: row.gatewayType,
    status: loaded.status,
    meshStatus: loaded.meshStatus,
    online: isGatewayOnline(loaded),
    firmware: row.firmware,
    lastSeen: epochSecondsOrNull(row.lastSeenAt),
    createTime: epochSeconds(row.createdAt),
    clockAhead,
  };
}

/** Loads a gateway for a member of its network; 1013 for a foreign or missing id alike. */
export async function loadGatewayAccess(
  ctx: AppContext,
  uid: number,
  gatewayId: number,
): Promise<{ gateway: GatewayRow; access: NetworkAccess }> {
  const [gateway] = await ctx.db.select().from(gateways).where(eq(gateways.id, gatewayId)).limit(1);
  if (!gateway) throw noPermission();
  return { gateway, access: await loadNetworkAccess(ctx, uid, gateway.nid) };
}

/** Section 6: only owners and installers add, change or remove gateways. */
function authorizeGatewayEdit(access: NetworkAccess): void {
  if (!access.abilities.edit) throw new CallError(Code.noPermission, 'No permission to manage gateways.');
}

/** Real devices of a network with the plan nodes that show them (directly or through a bound virtual device). */
export async function deviceNodeIds(db: Db, nid: number): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ id: nodes.id, vid: nodes.vid, rid: nodes.rid })
    .from(nodes)
    .where(eq(nodes.nid, nid))
    .orderBy(asc(nodes.id));
  const bound = await db
    .select({ id: devices.id, boundId: devices.boundId })
    .from(devices)
    .where(and(eq(devices.nid, nid), eq(devices.isVirtual, true)));
  const realOf = new Map(bound.map((d) => [d.id, d.boundId ?? null]));
  const result = new Map<number, number[]>();
  for (const node of rows) {
    for (const deviceId of [node.vid, node.rid]) {
      if (deviceId === null) continue;
      const real = realOf.has(deviceId) ? realOf.get(deviceId) : deviceId;
      if (real === null || real === undefined) continue;
      const list = result.get(real) ?? [];
      if (!list.includes(node.id)) list.push(node.id);
      result.set(real, list);
    }
  }
  return result;
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
    const sn = payload.sn ?? `gw-${randomBytes(6).toString('hex')}`;
    try {
      return await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(gateways)
          .values({
            nid: payload.nid,
            sn,
            name: payload.name,
            gatewayType: payload.gatewayType,
            secretHash: hashGatewaySecret(secret),
          })
          .returning();
        await recordAudit(tx, {
          action: 'gateway.add',
          actorUid: session.uid,
          pid: access.network.pid,
          nid: payload.nid,
          after: { id: row!.id, sn, name: payload.name, gatewayType: payload.gatewayType },
        });
        return { ...presentGateway(row!), secret };
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new CallError(Code.nameTaken, 'A gateway with this serial number already exists.', null, {
          key: 'refusals.1016.gatewaySn',
        });
      }
      throw error;
    }
  });

  serveCall(app, 'gatewayUpdate', async ({ ctx, session, payload }) => {
    const { gateway, access } = await loadGatewayAccess(ctx, session.uid, payload.gatewayId);
    authorizeGatewayEdit(access);
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(gateways)
        .set({ name: payload.name })
        .where(eq(gateways.id, gateway.id))
        .returning();
      if (!row) throw noPermission();
      await recordAudit(tx, {
        action: 'gateway.update',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: gateway.nid,
        before: { name: gateway.name },
        after: { name: row.name },
      });
      return presentGateway(row, (await clockAheadOf(tx, [row.id])).get(row.id));
    });
  });

  serveCall(app, 'gatewayDelete', async ({ ctx, session, payload }) => {
    const { gateway, access } = await loadGatewayAccess(ctx, session.uid, payload.gatewayId);
    authorizeGatewayEdit(access);
    await ctx.db.transaction(async (tx) => {
      await tx.delete(gateways).where(eq(gateways.id, gateway.id));
      await recordAudit(tx, {
        action: 'gateway.delete',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: gateway.nid,
        before: { id: gateway.id, sn: gateway.sn, name: gateway.name },
      });
    });
    await ctx.link.revokeGateway(gateway.sn);
    return null;
  });

  serveCall(app, 'gatewaySecretReset', async ({ ctx, session, payload }) => {
    const { gateway, access } = await loadGatewayAccess(ctx, session.uid, payload.gatewayId);
    authorizeGatewayEdit(access);
    const secret = newGatewaySecret();
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(gateways)
        .set({ secretHash: hashGatewaySecret(secret) })
        .where(eq(gateways.id, gateway.id));
      await recordAudit(tx, {
        action: 'gateway.secretReset',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: gateway.nid,
        after: { id: gateway.id, sn: gateway.sn },
      });
    });
    await ctx.link.revokeGateway(gateway.sn);
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
      list: rows.map((row) => ({
        id: row.id,
        level: row.level as 'info' | 'warning' | 'error',
        code: row.code,
        message: row.message,
        at: epochSeconds(row.at),
      })),
    };
  });

  serveCall(app, 'gatewayRealDevices', async ({ ctx, session, payload }) => {
    const { gateway } = await loadGatewayAccess(ctx, session.uid, payload.gatewayId);
    const rows = await ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.gatewayId, gateway.id), eq(devices.isVirtual, false)))
      .orderBy(asc(devices.address), asc(devices.id));
    const list = rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      model: row.model,
      mac: row.mac,
      address: row.address,
      firmwareVersion: row.firmwareVersion,
      hardwareVersion: row.hardwareVersion,
      online: row.online,
      lastSeen: epochSecondsOrNull(row.lastSeenAt),
    }));
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
