import {
  type CallPayload,
  clampPointToImage,
  type PlanNode,
  type PlanPoint,
  type PlanSize,
  polygonCentroid,
} from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { nodes, zones } from '../../db/schema.ts';
import { type NodeRow, presentNode } from '../../presenters/zone.ts';
import { lockNetwork } from '../lock-network.ts';
import { imageSizeOf } from '../shape-zone.ts';
import { assertZoneOfNetwork, findNode } from './load-zones.ts';

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

/** Adds a plain node (no device yet) to a network's map under its lock, in a zone of that network if given. */
export function addNode(ctx: AppContext, fields: CallPayload<'nodeAdd'>): Promise<PlanNode> {
  return ctx.db.transaction(async (tx) => {
    const size = imageSizeOf(await lockNetwork(tx, fields.nid));
    const zoneId = fields.zoneId ?? null;
    if (zoneId !== null) await assertZoneOfNetwork(tx, zoneId, fields.nid);
    const at = await placeNewNode(tx, size, zoneId, fields.positionX, fields.positionY);
    const [row] = await tx
      .insert(nodes)
      .values({
        nid: fields.nid,
        zoneId,
        name: fields.name,
        positionX: at.x,
        positionY: at.y,
        namePositionX: fields.namePositionX,
        namePositionY: fields.namePositionY,
        nameSize: fields.nameSize,
        nameAngle: fields.nameAngle,
        iconSize: fields.iconSize,
        nameColor: fields.nameColor,
        createdAt: ctx.now(),
      })
      .returning();
    return presentNode(row!);
  });
}

/**
 * Moves, restyles or re-zones a node under its network's lock: a position is clamped into the image, a zone
 * must be one of the same network (undefined leaves a field as it is).
 */
export function updateNode(
  ctx: AppContext,
  node: NodeRow,
  changes: Omit<CallPayload<'nodeUpdate'>, 'nodeId'>,
): Promise<PlanNode> {
  return ctx.db.transaction(async (tx) => {
    const size = imageSizeOf(await lockNetwork(tx, node.nid));
    const current = await findNode(tx, node.id);
    if (changes.zoneId !== undefined && changes.zoneId !== null) {
      await assertZoneOfNetwork(tx, changes.zoneId, current.nid);
    }
    const at = clampPointToImage(
      { x: changes.positionX ?? current.positionX, y: changes.positionY ?? current.positionY },
      size,
    );
    const moved = changes.positionX !== undefined || changes.positionY !== undefined;
    const [row] = await tx
      .update(nodes)
      .set({
        name: changes.name,
        zoneId: changes.zoneId,
        positionX: moved ? at.x : undefined,
        positionY: moved ? at.y : undefined,
        namePositionX: changes.namePositionX,
        namePositionY: changes.namePositionY,
        nameSize: changes.nameSize,
        nameAngle: changes.nameAngle,
        iconSize: changes.iconSize,
        nameColor: changes.nameColor,
      })
      .where(eq(nodes.id, current.id))
      .returning();
    return presentNode(row!);
  });
}
