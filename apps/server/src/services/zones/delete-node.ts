import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { nodes } from '../../db/schema.ts';
import { noPermission } from '../../policies/access.ts';
import type { NodeRow } from '../../presenters/zone.ts';

/** Deletes a node from the map; 1013 when it is already gone. */
export async function deleteNode(ctx: AppContext, node: NodeRow): Promise<void> {
  const deleted = await ctx.db.delete(nodes).where(eq(nodes.id, node.id)).returning({ id: nodes.id });
  if (deleted.length === 0) throw noPermission();
}
