import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { NetworkRow } from '../db/queries/networks.ts';
import { networks } from '../db/schema.ts';
import { recordAudit } from './audit.ts';
import { releaseFile } from './release-file.ts';

/**
 * Deletes stored file `fileName`: each of the networks `using` it as floor plan loses it (audited per
 * network), then the file goes unless a backup still holds it (`releaseFile`).
 */
export async function deleteFile(
  ctx: AppContext,
  uid: number,
  fileName: string,
  using: readonly NetworkRow[],
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (const network of using) {
      await tx.update(networks).set({ image: null, updatedAt: ctx.now() }).where(eq(networks.id, network.id));
      await recordAudit(tx, {
        action: 'network.image.delete',
        actorUid: uid,
        pid: network.pid,
        nid: network.id,
        before: { image: network.image },
        after: { image: null },
      });
    }
    await releaseFile(tx, fileName);
  });
}
