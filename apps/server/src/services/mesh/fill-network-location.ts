import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { networks } from '../../db/schema.ts';

/**
 * Gives network `nid` the position its gateway reports (section 7 `mesh/lbs`) when it has none yet: a
 * location someone set is never overwritten by the gateway's.
 */
export async function fillNetworkLocation(
  ctx: AppContext,
  nid: number,
  position: { latitude: number; longitude: number },
): Promise<void> {
  await ctx.db
    .update(networks)
    .set({ latitude: position.latitude, longitude: position.longitude, updatedAt: ctx.now() })
    .where(and(eq(networks.id, nid), isNull(networks.latitude), isNull(networks.longitude)));
}
