import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { networks } from '../db/schema.ts';
import { type NetworkRow, noPermission } from '../policies/access.ts';

/**
 * Reads a network row and locks it until the transaction `tx` ends, so floor-plan writes (zones,
 * nodes, image size, backups and restores) of one network happen one after the other and each
 * sees the image size the others left.
 */
export async function lockNetwork(tx: Db, nid: number): Promise<NetworkRow> {
  const [row] = await tx.select().from(networks).where(eq(networks.id, nid)).for('update');
  if (!row) throw noPermission();
  return row;
}
