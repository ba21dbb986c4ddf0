import { Limits } from '@lightwell/domain';
import { and, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { networks } from '../db/schema.ts';

/** Deletes for good the networks that have been in the recycle bin for 30 days, with all they hold. */
export async function purgeRecycleBin(ctx: AppContext): Promise<string> {
  const cutoff = new Date(ctx.now().getTime() - Limits.recycleRetentionDays * 86_400_000);
  const purged = await ctx.db
    .delete(networks)
    .where(and(isNotNull(networks.deletedAt), lt(networks.deletedAt, cutoff)))
    .returning({ id: networks.id });
  return `networks ${purged.length}`;
}
