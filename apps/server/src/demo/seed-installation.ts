import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { gateways, projectUsers } from '../db/schema.ts';
import { demoGatewaySecret, hashGatewaySecret } from '../gateway-link/credentials.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { DEMO_GATEWAYS } from './demo-installation.ts';
import { seedDemoNetwork } from './seed-network.ts';
import { seedDemoProducts } from './seed-products.ts';
import { seedDemoReports } from './seed-reports.ts';

/** The demo user's demo project (its default project), or null. */
async function demoProject(db: Db, uid: number): Promise<number | null> {
  const [row] = await db
    .select({ pid: projectUsers.pid })
    .from(projectUsers)
    .where(and(eq(projectUsers.uid, uid), eq(projectUsers.isDefault, true)))
    .limit(1);
  return row?.pid ?? null;
}

/**
 * Brings the stored secrets of the demo gateways in line with the ones derived from the server-only secret
 * (`demoGatewaySecret`): after an upgrade from the scheme keyed by the client key, or a new SERVER_SECRET,
 * the demo simulator started with the new ones is let in.
 */
export async function renewDemoGatewaySecrets(ctx: AppContext): Promise<void> {
  for (const gateway of DEMO_GATEWAYS) {
    await ctx.db
      .update(gateways)
      .set({ secretHash: hashGatewaySecret(demoGatewaySecret(ctx.keys, gateway.sn)) })
      .where(eq(gateways.sn, gateway.sn));
  }
}

/**
 * The demo installation, once: in the demo project a network "Demo office" with a floor plan and five
 * zones, two mesh-type gateways (secrets derived with `demoGatewaySecret`), 30 devices of every kind placed
 * as nodes in their zones, two groups and two scenes. Seeded when the first demo gateway does not exist
 * yet (deleting the network brings it back at the next start). Answers the network id, or null.
 */
export async function seedDemoInstallation(ctx: AppContext, uid: number): Promise<number | null> {
  const [existing] = await ctx.db
    .select({ nid: gateways.nid })
    .from(gateways)
    .where(eq(gateways.sn, DEMO_GATEWAYS[0].sn))
    .limit(1);
  if (existing) return existing.nid;
  const pid = await demoProject(ctx.db, uid);
  if (pid === null) return null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const productIds = await seedDemoProducts(tx);
      const nid = await seedDemoNetwork(tx, { pid, uid, keys: ctx.keys, now, productIds });
      await seedDemoReports(tx, pid, uid, now);
      return nid;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [row] = await ctx.db
      .select({ nid: gateways.nid })
      .from(gateways)
      .where(eq(gateways.sn, DEMO_GATEWAYS[0].sn))
      .limit(1);
    return row?.nid ?? null;
  }
}
