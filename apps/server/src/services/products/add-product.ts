import { type CallPayload, Code } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { productSubVersions, products } from '../../db/schema.ts';
import { CallError } from '../../lib/call-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { ProductRow } from '../../presenters/product.ts';
import { recordAudit } from '../audit.ts';

const modelTaken = () =>
  new CallError(Code.nameTaken, 'A product with this model already exists.', null, {
    key: 'refusals.1016.productModel',
  });

/**
 * Adds a product owned by `uid` to the catalogue (section 3 myOTAProduct) with its hardware sub-versions,
 * in one transaction with its audit event; 1016 when the model is taken, 1001 when a hardware version is
 * listed twice.
 */
export async function addProduct(
  ctx: AppContext,
  uid: number,
  product: CallPayload<'productAdd'>,
): Promise<ProductRow> {
  const [existing] = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.model, product.model))
    .limit(1);
  if (existing) throw modelTaken();
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          ownerUid: uid,
          model: product.model,
          name: product.name,
          kind: product.kind,
          manufacturer: product.manufacturer ?? '',
          ratedPower: product.ratedPower ?? null,
        })
        .returning();
      if (product.subVersions.length > 0) {
        await tx.insert(productSubVersions).values(
          product.subVersions.map((sub) => ({
            productId: row!.id,
            hardwareVersion: sub.hardwareVersion,
            config: { elements: sub.elements },
          })),
        );
      }
      await recordAudit(tx, {
        action: 'product.add',
        actorUid: uid,
        after: { id: row!.id, model: row!.model, kind: row!.kind },
      });
      return row!;
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
}
