import { Code, PRODUCT_ICON_SIDE } from '@lightwell/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { files, productSubVersions, products } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { noPermission } from '../../policies/access.ts';
import { type ProductRow, presentProduct } from '../../presenters/product.ts';
import { subVersionCounts } from '../../services/devices/load-devices.ts';
import { addProduct } from '../../services/products/add-product.ts';
import { setProductIcon } from '../../services/products/set-product-icon.ts';
import { readImageInfo } from '../../services/read-image-info.ts';

async function findProduct(db: Db, productId: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!row) throw noPermission();
  return row;
}

/**
 * The product catalogue (section 3 myOTAProduct): every signed-in user reads it and may add products;
 * system products (no owner, seeded) are read-only, a user's own products take an icon upload.
 */
export function productRoutes(app: FastifyInstance): void {
  serveCall(app, 'productList', async ({ ctx, session, payload }) => {
    const rows = await ctx.db
      .select()
      .from(products)
      .where(payload.kind ? eq(products.kind, payload.kind) : undefined)
      .orderBy(asc(products.model));
    const counts = await subVersionCounts(
      ctx.db,
      rows.map((r) => r.id),
    );
    const list = rows.map((row) => presentProduct(row, session.uid, counts.get(row.id) ?? 0));
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'productSubVersionList', async ({ ctx, payload }) => {
    const product = await findProduct(ctx.db, payload.productId);
    const rows = await ctx.db
      .select()
      .from(productSubVersions)
      .where(eq(productSubVersions.productId, product.id))
      .orderBy(asc(productSubVersions.hardwareVersion));
    const list = rows.map((row) => ({
      id: row.id,
      productId: row.productId,
      hardwareVersion: row.hardwareVersion,
      config: row.config,
    }));
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'productAdd', async ({ ctx, session, payload }) => {
    const row = await addProduct(ctx, session.uid, payload);
    return presentProduct(row, session.uid, payload.subVersions.length);
  });

  serveCall(app, 'productIconUpload', async ({ ctx, session, payload }) => {
    const product = await findProduct(ctx.db, payload.productId);
    if (product.ownerUid === null || product.ownerUid !== session.uid) {
      throw new CallError(Code.noPermission, 'Only the user who added a product may change its icon.');
    }
    const data = Buffer.from(payload.image, 'base64');
    const info = readImageInfo(data);
    if (!info) throw new CallError(Code.imageRefused, 'Upload failure: the icon is not a JPG, PNG or BMP image.');
    if (info.width !== PRODUCT_ICON_SIDE || info.height !== PRODUCT_ICON_SIDE) {
      throw new CallError(
        Code.imageRefused,
        `Upload failure: a device icon is ${PRODUCT_ICON_SIDE}×${PRODUCT_ICON_SIDE} pixels, this image is ${info.width}×${info.height}.`,
        { width: info.width, height: info.height },
        { key: 'refusals.1066.iconSize', params: { side: PRODUCT_ICON_SIDE, width: info.width, height: info.height } },
      );
    }
    const { row, subVersionCount } = await setProductIcon(ctx, session.uid, product, data, info);
    return presentProduct(row, session.uid, subVersionCount);
  });

  serveCall(app, 'productIcon', async ({ ctx, payload }) => {
    const product = await findProduct(ctx.db, payload.productId);
    if (!product.icon) return null;
    const [file] = await ctx.db
      .select({ name: files.name, mime: files.mime, data: files.data })
      .from(files)
      .where(eq(files.name, product.icon))
      .limit(1);
    if (!file) return null;
    return {
      productId: product.id,
      fileName: file.name,
      mime: file.mime,
      data: Buffer.from(file.data).toString('base64'),
    };
  });
}
