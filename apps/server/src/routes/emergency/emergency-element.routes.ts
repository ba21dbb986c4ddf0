import { Code } from '@lightwell/domain';
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emergencyModeChanges, groups, zones } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer } from '../../lib/call-error.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { presentModeChange } from '../../presenters/emergency.ts';
import { loadEmergencyElements } from '../../services/emergency/elements.ts';

/**
 * `/emergency/index` and `/emergency/model/log`: every member of a network reads its fittings and their
 * mode changes; a foreign or unknown network, zone or group is 1013; empty lists answer 1050.
 */
export function emergencyElementRoutes(app: FastifyInstance): void {
  serveCall(app, 'emergencyElementList', async ({ ctx, session, payload }) => {
    const { network } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const owned = async (table: typeof zones | typeof groups, id: number | undefined) => {
      if (id === undefined) return;
      const [row] = await ctx.db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.id, id), eq(table.nid, payload.nid)))
        .limit(1);
      if (!row) throw noPermission();
    };
    await owned(zones, payload.zoneId);
    await owned(groups, payload.groupId);
    const all = await loadEmergencyElements(
      ctx.db,
      {
        nid: payload.nid,
        timeZone: network.timeZone,
        filter: payload.filter,
        zoneId: payload.zoneId,
        groupId: payload.groupId,
        search: payload.search,
      },
      ctx.now(),
    );
    const start = (payload.page - 1) * payload.pageSize;
    const page = {
      list: all.slice(start, start + payload.pageSize),
      total: all.length,
      page: payload.page,
      pageSize: payload.pageSize,
      timeZone: network.timeZone,
    };
    return page.total === 0 ? new Answer(Code.emptyList, page) : page;
  });

  serveCall(app, 'emergencyModeLog', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const where = and(
      eq(emergencyModeChanges.nid, payload.nid),
      payload.deviceId === undefined ? undefined : eq(emergencyModeChanges.deviceId, payload.deviceId),
      payload.from === undefined ? undefined : gte(emergencyModeChanges.at, new Date(payload.from * 1000)),
      payload.to === undefined ? undefined : lt(emergencyModeChanges.at, new Date(payload.to * 1000)),
    );
    const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(emergencyModeChanges).where(where);
    const rows = await ctx.db
      .select()
      .from(emergencyModeChanges)
      .where(where)
      .orderBy(desc(emergencyModeChanges.at), desc(emergencyModeChanges.id))
      .limit(payload.pageSize)
      .offset((payload.page - 1) * payload.pageSize);
    const list = rows.map((row) => presentModeChange(row));
    const page = { list, total, page: payload.page, pageSize: payload.pageSize };
    return total === 0 ? new Answer(Code.emptyList, page) : page;
  });
}
