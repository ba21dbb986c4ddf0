import type { DeviceKind, Product } from '@lightwell/domain';
import type { products } from '../db/schema.ts';

/** A product row. */
export type ProductRow = typeof products.$inferSelect;

/** A product as the catalogue shows it to `uid`. */
export function presentProduct(row: ProductRow, uid: number, subVersionCount: number): Product {
  return {
    id: row.id,
    model: row.model,
    name: row.name,
    kind: row.kind as DeviceKind,
    manufacturer: row.manufacturer,
    icon: row.icon,
    ratedPower: row.ratedPower,
    isSystem: row.ownerUid === null,
    editable: row.ownerUid !== null && row.ownerUid === uid,
    subVersionCount,
  };
}
