import { clampPointToImage, type PlanPoint, type PlanSize, polygonCentroid } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { nodes, zones } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { authorizePlanEdit } from '../../policies/network-edit.ts';
import { presentNode } from '../../presenters/zone.ts';
import { lockNetwork } from '../../services/lock-network.ts';
import { imageSizeOf } from '../../services/shape-zone.ts';
import { assertZoneOfNetwork, findNode } from './zone-queries.ts';

/**
 * Where a new node goes when no position is given: the centre of its zone, else of the image;
 * a given position is clamped into the image.
 */
async function placeNewNode(
  tx: Db,
  size: PlanSize,
  zoneId: number | null,
  x: number | undefined,
  y: number | undefined,
): Promise<PlanPoint> {
  let fallback: PlanPoint = { x: size.width / 2, y: size.height / 2 };
  if (zoneId !== null && (x === undefined || y === undefined)) {
    const [zone] = await tx.select({ points: zones.points }).from(zones).where(eq(zones.id, zoneId));
    fallback = polygonCentroid(zone?.points ?? []) ?? fallback;
  }
  return clampPointToImage({ x: x ?? fallback.x, y: y ?? fallback.y }, size);
}

/** Nodes (devices) placed on the network map: add a plain node, move or restyle it, delete it (section 3). */
export function nodeRoutes(app: FastifyInstance): void {
  serveCall(app, 'nodeAdd', async ({ ctx, session, payload }) => {
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, payload.nid));
    return ctx.db.transaction(async (tx) => {
      const size = imageSizeOf(await lockNetwork(tx, payload.nid));
      const zoneId = payload.zoneId ?? null;
      if (zoneId !== null) await assertZoneOfNetwork(tx, zoneId, payload.nid);
      const at = await placeNewNode(tx, size, zoneId, payload.positionX, payload.positionY);
      const [row] = await tx
        .insert(nodes)
        .values({
          nid: payload.nid,
          zoneId,
          name: payload.name,
          positionX: at.x,
          positionY: at.y,
          namePositionX: payload.namePositionX,
          namePositionY: payload.namePositionY,
          nameSize: payload.nameSize,
          nameAngle: payload.nameAngle,
          iconSize: payload.iconSize,
          nameColor: payload.nameColor,
          createdAt: ctx.now(),
        })
        .returning();
      return presentNode(row!);
    });
  });

  serveCall(app, 'nodeUpdate', async ({ ctx, session, payload }) => {
    const node = await findNode(ctx.db, payload.nodeId);
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, node.nid));
    return ctx.db.transaction(async (tx) => {
      const size = imageSizeOf(await lockNetwork(tx, node.nid));
      const current = await findNode(tx, payload.nodeId);
      if (payload.zoneId !== undefined && payload.zoneId !== null) {
        await assertZoneOfNetwork(tx, payload.zoneId, current.nid);
      }
      const at = clampPointToImage(
        { x: payload.positionX ?? current.positionX, y: payload.positionY ?? current.positionY },
        size,
      );
      const moved = payload.positionX !== undefined || payload.positionY !== undefined;
      const [row] = await tx
        .update(nodes)
        .set({
          name: payload.name,
          zoneId: payload.zoneId,
          positionX: moved ? at.x : undefined,
          positionY: moved ? at.y : undefined,
          namePositionX: payload.namePositionX,
          namePositionY: payload.namePositionY,
          nameSize: payload.nameSize,
          nameAngle: payload.nameAngle,
          iconSize: payload.iconSize,
          nameColor: payload.nameColor,
        })
        .where(eq(nodes.id, current.id))
        .returning();
      return presentNode(row!);
    });
  });

  serveCall(app, 'nodeDelete', async ({ ctx, session, payload }) => {
    const node = await findNode(ctx.db, payload.nodeId);
    authorizePlanEdit(await loadNetworkAccess(ctx, session.uid, node.nid));
    const deleted = await ctx.db.delete(nodes).where(eq(nodes.id, node.id)).returning({ id: nodes.id });
    if (deleted.length === 0) throw noPermission();
    return null;
  });
}
