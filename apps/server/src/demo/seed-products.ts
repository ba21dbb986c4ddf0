import { PRODUCT_KIND } from '@lightwell/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files, productSubVersions, products } from '../db/schema.ts';
import { productIcon } from './demo-images.ts';
import { DEMO_PRODUCTS, productIconName, productLayout } from './demo-installation.ts';

/**
 * The demo product catalogue, once: one product per simulated kind with a generated 32×32 icon and its
 * sub-versions. Answers product ids by model.
 */
export async function seedDemoProducts(db: Db): Promise<Map<string, number>> {
  for (const product of DEMO_PRODUCTS) {
    const icon = productIcon(product);
    const name = productIconName(product.model);
    await db
      .insert(files)
      .values({ name, ownerUid: null, mime: 'image/png', size: icon.length, width: 32, height: 32, data: icon })
      .onConflictDoNothing();
    await db
      .insert(products)
      .values({
        model: product.model,
        name: product.name,
        kind: PRODUCT_KIND[product.simKind],
        manufacturer: product.manufacturer,
        icon: name,
        ratedPower: product.ratedPower,
      })
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: products.id, model: products.model })
    .from(products)
    .where(
      inArray(
        products.model,
        DEMO_PRODUCTS.map((p) => p.model),
      ),
    );
  const ids = new Map(rows.map((row) => [row.model, row.id]));
  for (const product of DEMO_PRODUCTS) {
    for (const hardwareVersion of product.hardwareVersions) {
      await db
        .insert(productSubVersions)
        .values({ productId: ids.get(product.model)!, hardwareVersion, config: productLayout(product) })
        .onConflictDoNothing();
    }
  }
  return ids;
}
