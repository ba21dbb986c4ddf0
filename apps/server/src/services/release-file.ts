import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { backups, files, networks } from '../db/schema.ts';

/** SQL condition: a backup's network settings name this image. */
export function backupHoldsImage(name: string) {
  return sql`${backups.content} -> 'network' ->> 'image' = ${name}`;
}

/**
 * Deletes a stored file once nothing uses it: no network (live or in the recycle bin) has it as
 * its floor plan and no backup holds it, so restoring a backup always finds its image.
 */
export async function releaseFile(tx: Db, name: string): Promise<void> {
  await tx
    .delete(files)
    .where(
      and(
        eq(files.name, name),
        notExists(tx.select({ one: sql`1` }).from(networks).where(eq(networks.image, name))),
        notExists(tx.select({ one: sql`1` }).from(backups).where(backupHoldsImage(name))),
      ),
    );
}
