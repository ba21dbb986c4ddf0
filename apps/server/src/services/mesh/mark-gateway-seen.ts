import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { gateways } from '../../db/schema.ts';

/** Records that gateway `gatewayId` was just heard from (section 7 mesh calls), as its MQTT messages do. */
export async function markGatewaySeen(ctx: AppContext, gatewayId: number): Promise<void> {
  await ctx.db.update(gateways).set({ lastSeenAt: ctx.now() }).where(eq(gateways.id, gatewayId));
}
