import { and, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { networks, tariffVersions } from '../db/schema.ts';
import { syncNetworkPrice } from '../services/energy/tariffs.ts';

/**
 * Keeps each network's listed price equal to the tariff version valid today: a version dated ahead takes
 * over at local midnight without anyone saving it (`docs/decisions.md`, "Tariff history").
 */
export async function syncNetworkPrices(ctx: AppContext): Promise<string> {
  const priced = ctx.db.selectDistinct({ nid: tariffVersions.nid }).from(tariffVersions);
  const rows = await ctx.db
    .select()
    .from(networks)
    .where(and(isNull(networks.deletedAt), inArray(networks.id, priced)));
  let changed = 0;
  for (const row of rows) {
    const after = await syncNetworkPrice(ctx, ctx.db, row);
    if (after !== row) changed += 1;
  }
  return `networks ${rows.length}, changed ${changed}`;
}
