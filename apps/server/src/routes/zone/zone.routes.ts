import { Code, normaliseConfigId, normaliseFloorPlanView, snapZoom, type ZoneShapeValue } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { viewStates, zones } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { authorizePlanEdit } from '../../policies/network-edit.ts';
import { presentZone } from '../../presenters/zone.ts';
import { lockNetwork } from '../../services/lock-network.ts';
import { clampNameCoordinate, imageSizeOf, shapeZonePoints } from '../../services/shape-zone.ts';
import { lockApplicableProfile } from '../profile/profile-queries.ts';
import { findZone, loadZoneMap, nodeCountOf } from './zone-queries.ts';

/**
 * The profile a zone is given: none for 0 or null, else one the caller may apply (their own or a system
 * default, as for `config/apply`), locked until `tx` ends; 1013 for any other id, missing ones alike.
 */
async function zoneProfileId(tx: Db, uid: number, configId: number | null): Promise<number | null> {
  const id = normaliseConfigId(configId);
  return id === null ? null : (await lockApplicableProfile(tx, uid, id)).id;
}

/** Zones of the network map, and each member's view of it (spec sections 3, 5 and 9). */
export function zoneRoutes(app: FastifyInstance): void {
  serveCall(app, 'zoneList', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    return loadZoneMap(ctx.db, payload.nid);
  });

  serveCall(app, 'zoneAdd', async ({ ctx, session, payload }) => {
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, payload.nid));
    return ctx.db.transaction(async (tx) => {
      const size = imageSizeOf(await lockNetwork(tx, payload.nid));
      const configId = await zoneProfileId(tx, session.uid, payload.configId ?? null);
      const [row] = await tx
        .insert(zones)
        .values({
          nid: payload.nid,
          name: payload.name,
          points: shapeZonePoints(payload.points, payload.shape, size),
          shape: payload.shape,
          bgColor: payload.bgColor,
          nameColor: payload.zoneNameColor,
          nameAngle: payload.zoneNameAngle,
          nameSize: payload.zoneNameSize,
          namePositionX: clampNameCoordinate(payload.zoneNamePositionX ?? null, 'x', size),
          namePositionY: clampNameCoordinate(payload.zoneNamePositionY ?? null, 'y', size),
          configId,
        })
        .returning();
      return presentZone(row!, 0);
    });
  });

  serveCall(app, 'zoneUpdate', async ({ ctx, session, payload }) => {
    const zone = await findZone(ctx.db, payload.zid);
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, zone.nid));
    return ctx.db.transaction(async (tx) => {
      const size = imageSizeOf(await lockNetwork(tx, zone.nid));
      const current = await findZone(tx, payload.zid);
      const configId =
        payload.configId === undefined ? undefined : await zoneProfileId(tx, session.uid, payload.configId);
      const shape = payload.shape ?? (current.shape as ZoneShapeValue);
      const reshaped = payload.points !== undefined || payload.shape !== undefined;
      const name = (value: number | null | undefined, axis: 'x' | 'y') =>
        value === undefined ? undefined : clampNameCoordinate(value, axis, size);
      const [row] = await tx
        .update(zones)
        .set({
          name: payload.name,
          points: reshaped ? shapeZonePoints(payload.points ?? current.points, shape, size) : undefined,
          shape: payload.shape,
          bgColor: payload.bgColor,
          nameColor: payload.zoneNameColor,
          nameAngle: payload.zoneNameAngle,
          nameSize: payload.zoneNameSize,
          namePositionX: name(payload.zoneNamePositionX, 'x'),
          namePositionY: name(payload.zoneNamePositionY, 'y'),
          configId,
          updatedAt: ctx.now(),
        })
        .where(eq(zones.id, current.id))
        .returning();
      return presentZone(row!, await nodeCountOf(tx, current.id));
    });
  });

  serveCall(app, 'zoneConfig', async ({ ctx, session, payload }) => {
    const zone = await findZone(ctx.db, payload.zid);
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, zone.nid));
    return ctx.db.transaction(async (tx) => {
      const configId = await zoneProfileId(tx, session.uid, payload.configId);
      const [row] = await tx
        .update(zones)
        .set({ configId, updatedAt: ctx.now() })
        .where(eq(zones.id, zone.id))
        .returning();
      if (!row) throw noPermission();
      return presentZone(row, await nodeCountOf(tx, zone.id));
    });
  });

  serveCall(app, 'zoneDelete', async ({ ctx, session, payload }) => {
    const zone = await findZone(ctx.db, payload.zid);
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, zone.nid));
    await ctx.db.transaction(async (tx) => {
      await lockNetwork(tx, zone.nid);
      const nodeCount = await nodeCountOf(tx, zone.id);
      if (nodeCount > 0) {
        throw new CallError(
          Code.zoneHasNodes,
          'This zone contains devices; move or delete them before deleting the zone.',
          { nodeCount },
        );
      }
      await tx.delete(zones).where(eq(zones.id, zone.id));
    });
    return null;
  });

  serveCall(app, 'viewStateGet', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const [row] = await ctx.db
      .select()
      .from(viewStates)
      .where(and(eq(viewStates.uid, session.uid), eq(viewStates.nid, payload.nid)))
      .limit(1);
    // No saved view: null, and the console opens the plan fitted to the window (docs/decisions.md).
    return row ? normaliseFloorPlanView(row) : null;
  });

  serveCall(app, 'viewStateSave', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const view = { zoom: snapZoom(payload.zoom), imgX: payload.imgX, imgY: payload.imgY };
    await ctx.db
      .insert(viewStates)
      .values({ uid: session.uid, nid: payload.nid, ...view })
      .onConflictDoUpdate({ target: [viewStates.uid, viewStates.nid], set: view });
    return view;
  });
}
