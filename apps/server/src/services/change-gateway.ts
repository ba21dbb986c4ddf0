import { randomBytes } from 'node:crypto';
import { Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { NetworkRow } from '../db/queries/networks.ts';
import { gateways } from '../db/schema.ts';
import { CallError } from '../lib/call-error.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { noPermission } from '../policies/access.ts';
import type { GatewayRow } from '../presenters/gateway.ts';
import { recordAudit } from './audit.ts';

/** Who changes gateways of which network. */
interface GatewayActor {
  uid: number;
  network: Pick<NetworkRow, 'id' | 'pid'>;
}

/**
 * Adds a gateway to the actor's network with the hash of its new secret (the secret itself is answered once
 * by the caller, never stored) and a serial number of its own when none is given; 1016 when the serial
 * number is taken; audited.
 */
export async function addGateway(
  ctx: AppContext,
  actor: GatewayActor,
  input: { sn?: string; name: string; gatewayType: number },
  secretHash: string,
): Promise<GatewayRow> {
  const nid = actor.network.id;
  const sn = input.sn ?? `gw-${randomBytes(6).toString('hex')}`;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(gateways)
        .values({ nid, sn, name: input.name, gatewayType: input.gatewayType, secretHash })
        .returning();
      await recordAudit(tx, {
        action: 'gateway.add',
        actorUid: actor.uid,
        pid: actor.network.pid,
        nid,
        after: { id: row!.id, sn, name: input.name, gatewayType: input.gatewayType },
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new CallError(Code.nameTaken, 'A gateway with this serial number already exists.', null, {
        key: 'refusals.1016.gatewaySn',
      });
    }
    throw error;
  }
}

/** Renames a gateway; audited. */
export function renameGateway(
  ctx: AppContext,
  actor: GatewayActor,
  gateway: GatewayRow,
  name: string | undefined,
): Promise<GatewayRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(gateways).set({ name }).where(eq(gateways.id, gateway.id)).returning();
    if (!row) throw noPermission();
    await recordAudit(tx, {
      action: 'gateway.update',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: gateway.nid,
      before: { name: gateway.name },
      after: { name: row.name },
    });
    return row;
  });
}

/** Deletes a gateway (its devices stay) and closes its connection, so it cannot come back; audited. */
export async function deleteGateway(ctx: AppContext, actor: GatewayActor, gateway: GatewayRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(gateways).where(eq(gateways.id, gateway.id));
    await recordAudit(tx, {
      action: 'gateway.delete',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: gateway.nid,
      before: { id: gateway.id, sn: gateway.sn, name: gateway.name },
    });
  });
  await ctx.link.revokeGateway(gateway.sn);
}

/**
 * Stores the hash of a gateway's new secret and closes its connection, so the old secret stops working at
 * once; audited.
 */
export async function resetGatewaySecret(
  ctx: AppContext,
  actor: GatewayActor,
  gateway: GatewayRow,
  secretHash: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.update(gateways).set({ secretHash }).where(eq(gateways.id, gateway.id));
    await recordAudit(tx, {
      action: 'gateway.secretReset',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: gateway.nid,
      after: { id: gateway.id, sn: gateway.sn },
    });
  });
  await ctx.link.revokeGateway(gateway.sn);
}
