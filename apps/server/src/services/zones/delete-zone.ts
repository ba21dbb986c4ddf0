import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { zones } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import type { ZoneRow } from '../../presenters/zone.ts';
import { lockNetwork } from '../lock-network.ts';
import { nodeCountOf } from './load-zones.ts';

/** Deletes a zone under its network's lock; 1063 while nodes are placed in it. */
export async function deleteZone(ctx: AppContext, zone: ZoneRow): Promise<void> {
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
}
