import { type CallPayload, type Member, priceToStored } from '@lightwell/domain';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { networks, networkUsers } from '../../db/schema.ts';
import { auditNetwork } from '../../presenters/network.ts';
import { recordAudit } from '../audit.ts';

/**
 * Creates a network in project `payload.pid` with user `uid` as its only member, in the role they chose
 * (owner or installer); audited. Answers the new row and its members.
 */
export function createNetwork(
  ctx: AppContext,
  uid: number,
  payload: CallPayload<'networkAdd'>,
): Promise<{ network: NetworkRow; members: Member[] }> {
  return ctx.db.transaction(async (tx) => {
    const [network] = await tx
      .insert(networks)
      .values({
        pid: payload.pid,
        name: payload.name,
        category: payload.category,
        electricityPrice: priceToStored(payload.electricityPrice),
        currency: payload.currency,
        createdBy: uid,
      })
      .returning();
    const members: Member[] = [{ uid, userType: payload.userType }];
    await tx.insert(networkUsers).values({ nid: network!.id, ...members[0]! });
    await recordAudit(tx, {
      action: 'network.create',
      actorUid: uid,
      pid: payload.pid,
      nid: network!.id,
      after: auditNetwork(network!),
    });
    return { network: network!, members };
  });
}
