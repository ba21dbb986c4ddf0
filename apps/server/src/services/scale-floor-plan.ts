import { type PlanSize, scalePointsToImage, scalePointToImage } from '@lightwell/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { nodes, zones } from '../db/schema.ts';

/** Nodes updated per statement when a plan is rescaled. */
const BATCH = 500;

function scaleOptional(x: number | null, y: number | null, from: PlanSize, to: PlanSize) {
  const scaled = scalePointToImage({ x: x ?? 0, y: y ?? 0 }, from, to);
  return { x: x === null ? null : scaled.x, y: y === null ? null : scaled.y };
}

/**
 * Moves every zone point, zone name, node and node name of a network from an image of size `from`
 * to one of size `to` with the domain rule (`scalePointToImage`), so each keeps its place on the
 * picture when the floor plan is replaced by one of another size. Run it in the transaction that
 * changes the image.
 */
export async function scaleFloorPlan(tx: Db, nid: number, from: PlanSize, to: PlanSize): Promise<void> {
  if (from.width === to.width && from.height === to.height) return;
  for (const zone of await tx.select().from(zones).where(eq(zones.nid, nid))) {
    const name = scaleOptional(zone.namePositionX, zone.namePositionY, from, to);
    await tx
      .update(zones)
      .set({ points: scalePointsToImage(zone.points, from, to), namePositionX: name.x, namePositionY: name.y })
      .where(eq(zones.id, zone.id));
  }
  const rows = await tx.select().from(nodes).where(eq(nodes.nid, nid));
  for (let start = 0; start < rows.length; start += BATCH) {
    const values = rows.slice(start, start + BATCH).map((node) => {
      const at = scalePointToImage({ x: node.positionX, y: node.positionY }, from, to);
      const name = scaleOptional(node.namePositionX, node.namePositionY, from, to);
      return sql`(${node.id}::int, ${at.x}::float8, ${at.y}::float8, ${name.x}::float8, ${name.y}::float8)`;
    });
    await tx.execute(sql`
      UPDATE ${nodes} SET position_x = v.px, position_y = v.py, name_position_x = v.nx, name_position_y = v.ny
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, px, py, nx, ny)
      WHERE ${nodes.id} = v.id`);
  }
}
