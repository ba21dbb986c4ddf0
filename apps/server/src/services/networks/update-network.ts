import type { CallPayload } from '@lightwell/domain';
import { priceToStored } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { networks } from '../../db/schema.ts';
import { auditNetwork } from '../../presenters/network.ts';
import { recordAudit } from '../audit.ts';
import { recordPriceChange } from '../energy/tariffs.ts';

/**
 * Changes a network's name, category, electricity price and currency; a field left out keeps its stored
 * value. A new price or currency starts a tariff version (`recordPriceChange`); audited.
 */
export function updateNetwork(
  ctx: AppContext,
  uid: number,
  before: NetworkRow,
  changes: CallPayload<'networkVoUpdate'>['key'],
): Promise<NetworkRow> {
  return ctx.db.transaction(async (tx) => {
    const [network] = await tx
      .update(networks)
      .set({
        // A field left out of `key` keeps its stored value (undefined columns are not written).
        name: changes.name,
        category: changes.category,
        electricityPrice: changes.electricityPrice === undefined ? undefined : priceToStored(changes.electricityPrice),
        currency: changes.currency,
        updatedAt: ctx.now(),
      })
      .where(eq(networks.id, before.id))
      .returning();
    await recordPriceChange(ctx, tx, before, uid);
    await recordAudit(tx, {
      action: 'network.update',
      actorUid: uid,
      pid: network!.pid,
      nid: network!.id,
      before: auditNetwork(before),
      after: auditNetwork(network!),
    });
    return network!;
  });
}
