import { Limits } from '@lightwell/domain';
import { and, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { networks } from '../db/schema.ts';
import { releaseFile } from '../services/release-file.ts';

/**
 * Deletes for good the networks that have been in the recycle bin for 30 days, with all they hold,
 * including floor-plan images no other network or backup uses.
 */
export async function purgeRecycleBin(ctx: AppContext): Promise<string> {
  const cutoff = new Date(ctx.now().getTime() - Limits.recycleRetentionDays * 86_400_000);
  return ctx.db.transaction(async (tx) => {
    const purged = await tx
      .delete(networks)
      .where(and(isNotNull(networks.deletedAt), lt(networks.deletedAt, cutoff)))
      .returning({ id: networks.id, image: networks.image });
    // Their backups went with them; a floor-plan image nothing else uses goes too.
    for (const { image } of purged) if (image) await releaseFile(tx, image);
    return `networks ${purged.length}`;
  });
}
