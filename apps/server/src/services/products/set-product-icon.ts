import { and, eq, like } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { files, products } from '../../db/schema.ts';
import type { ProductRow } from '../../presenters/product.ts';
import { recordAudit } from '../audit.ts';
import { subVersionCounts } from '../devices/load-devices.ts';
import type { ImageInfo } from '../read-image-info.ts';
import { storeImageFile } from '../store-image-file.ts';

/** Icon files are named `icon-…` so that replacing an icon can remove the one it replaces. */
const ICON_PREFIX = 'icon-';

/**
 * Stores an uploaded image (already checked to be a product icon) and makes it `product`'s icon, in one
 * transaction: the icon it replaces is removed when no product uses it any more, and an audit event is
 * written. Answers the changed row with its number of sub-versions, read in the same transaction.
 */
export function setProductIcon(
  ctx: AppContext,
  uid: number,
  product: ProductRow,
  data: Buffer,
  info: ImageInfo,
): Promise<{ row: ProductRow; subVersionCount: number }> {
  return ctx.db.transaction(async (tx) => {
    const fileName = await storeImageFile(tx, { prefix: ICON_PREFIX, ownerUid: uid, data, info });
    const [row] = await tx.update(products).set({ icon: fileName }).where(eq(products.id, product.id)).returning();
    if (product.icon?.startsWith(ICON_PREFIX)) {
      const stillUsed = await tx.select({ id: products.id }).from(products).where(eq(products.icon, product.icon));
      if (stillUsed.length === 0) {
        await tx.delete(files).where(and(eq(files.name, product.icon), like(files.name, `${ICON_PREFIX}%`)));
      }
    }
    await recordAudit(tx, {
      action: 'product.icon',
      actorUid: uid,
      before: { id: product.id, icon: product.icon },
      after: { id: product.id, icon: fileName },
    });
    const counts = await subVersionCounts(tx, [product.id]);
    return { row: row!, subVersionCount: counts.get(product.id) ?? 0 };
  });
}
