import { Code, PRODUCT_ICON_SIDE } from '@lightwell/domain';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { files, productSubVersions, products } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { noPermission } from '../../policies/access.ts';
import { type ProductRow, presentProduct } from '../../presenters/product.ts';
import { recordAudit } from '../../services/audit.ts';
import { subVersionCounts } from '../../services/devices/load-devices.ts';
import { readImageInfo } from '../../services/read-image-info.ts';
import { storeImageFile } from '../../services/store-image-file.ts';

/** Icon files are named `icon-…` so that replacing an icon can remove the one it replaces. */
const ICON_PREFIX = 'icon-';

async function findProduct(db: Db, productId: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!row) throw noPermission();
  return row;
}

const modelTaken = () =>
  new CallError(Code.nameTaken, 'A product with this model already exists.', null, {
    key: 'refusals.1016.productModel',
  });

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
    const [existing] = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.model, payload.model))
      .limit(1);
    if (existing) throw modelTaken();
    try {
      return await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(products)
          .values({
            ownerUid: session.uid,
            model: payload.model,
            name: payload.name,
            kind: payload.kind,
            manufacturer: payload.manufacturer ?? '',
            ratedPower: payload.ratedPower ?? null,
          })
          .returning();
        if (payload.subVersions.length > 0) {
          await tx.insert(productSubVersions).values(
            payload.subVersions.map((sub) => ({
              productId: row!.id,
              hardwareVersion: sub.hardwareVersion,
              config: { elements: sub.elements },
            })),
          );
        }
        await recordAudit(tx, {
          action: 'product.add',
          actorUid: session.uid,
          after: { id: row!.id, model: row!.model, kind: row!.kind },
        });
        return presentProduct(row!, session.uid, payload.subVersions.length);
      });
    } catch (error) {
      if (isUniqueViolation(error, 'products_model_key')) throw modelTaken();
      if (isUniqueViolation(error, 'product_sub_versions_key')) {
        throw new CallError(Code.badInput, 'Each hardware version may be listed once.', null, {
          key: 'refusals.1001.versionRepeated',
        });
      }
      throw error;
    }
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
    return ctx.db.transaction(async (tx) => {
      const fileName = await storeImageFile(tx, { prefix: ICON_PREFIX, ownerUid: session.uid, data, info });
      const [row] = await tx.update(products).set({ icon: fileName }).where(eq(products.id, product.id)).returning();
      if (product.icon?.startsWith(ICON_PREFIX)) {
        const stillUsed = await tx.select({ id: products.id }).from(products).where(eq(products.icon, product.icon));
        if (stillUsed.length === 0) {
          await tx.delete(files).where(and(eq(files.name, product.icon), like(files.name, `${ICON_PREFIX}%`)));
        }
      }
      await recordAudit(tx, {
        action: 'product.icon',
        actorUid: session.uid,
        before: { id: product.id, icon: product.icon },
        after: { id: product.id, icon: fileName },
      });
      const counts = await subVersionCounts(tx, [product.id]);
      return presentProduct(row!, session.uid, counts.get(product.id) ?? 0);
    });
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
