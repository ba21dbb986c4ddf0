import type { DeviceDetail } from '@lightwell/domain';
import { and, asc, count, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deviceElements, devices, nodes, productSubVersions, products } from '../../db/schema.ts';
import { noPermission } from '../../policies/access.ts';
import { type DeviceContext, type DeviceRow, presentDeviceDetail, statusSource } from '../../presenters/device.ts';

type ElementRow = typeof deviceElements.$inferSelect;

/** A device row by id; 1013 when there is none (access is checked on its network next). */
export async function findDevice(db: Db, deviceId: number): Promise<DeviceRow> {
  const [row] = await db.select().from(devices).where(eq(devices.id, deviceId)).limit(1);
  if (!row) throw noPermission();
  return row;
}

/** The virtual device bound to real device `realId`, if any. */
export async function virtualBoundTo(db: Db, realId: number): Promise<DeviceRow | null> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.boundId, realId), eq(devices.isVirtual, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Everything needed to present a set of devices: each device's binding partner (the real device of
 * a virtual one, the virtual device holding a real one), products and elements.
 */
export async function loadDeviceContext(db: Db, rows: readonly DeviceRow[]): Promise<DeviceContext> {
  const ids = rows.map((r) => r.id);
  const realIds = rows.filter((r) => r.isVirtual && r.boundId !== null).map((r) => r.boundId!);
  const realOnes = rows.filter((r) => !r.isVirtual).map((r) => r.id);
  const partners = new Map<number, DeviceRow>();
  if (realIds.length > 0) {
    for (const real of await db.select().from(devices).where(inArray(devices.id, realIds))) {
      for (const v of rows) if (v.isVirtual && v.boundId === real.id) partners.set(v.id, real);
    }
  }
  if (realOnes.length > 0) {
    const holders = await db
      .select()
      .from(devices)
      .where(and(inArray(devices.boundId, realOnes), eq(devices.isVirtual, true), isNotNull(devices.boundId)));
    for (const holder of holders) partners.set(holder.boundId!, holder);
  }
  const productIds = [...new Set(rows.map((r) => r.productId).filter((id): id is number => id !== null))];
  const productRows =
    productIds.length > 0 ? await db.select().from(products).where(inArray(products.id, productIds)) : [];
  const statusIds = [...new Set([...ids, ...[...partners.values()].map((p) => p.id)])];
  const elementRows =
    statusIds.length > 0
      ? await db
          .select()
          .from(deviceElements)
          .where(inArray(deviceElements.deviceId, statusIds))
          .orderBy(asc(deviceElements.deviceId), asc(deviceElements.index))
      : [];
  const elements = new Map<number, ElementRow[]>();
  for (const row of elementRows) elements.set(row.deviceId, [...(elements.get(row.deviceId) ?? []), row]);
  return { partners, products: new Map(productRows.map((p) => [p.id, p])), elements };
}

/** One page of the devices matching `where`, by name then id, with the count of all that match. */
export async function pageOfDevices(
  db: Db,
  where: SQL | undefined,
  paging: { page: number; pageSize: number },
): Promise<{ rows: DeviceRow[]; total: number }> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(devices).where(where);
  const rows = await db
    .select()
    .from(devices)
    .where(where)
    .orderBy(asc(devices.name), asc(devices.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { rows, total };
}

/** Number of sub-versions of each product. */
export async function subVersionCounts(db: Db, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productSubVersions.productId, n: count() })
    .from(productSubVersions)
    .where(inArray(productSubVersions.productId, productIds))
    .groupBy(productSubVersions.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

/** Everything of one device for the detail drawer, decoded at `nowSeconds`, as `uid` sees it. */
export async function loadDeviceDetail(db: Db, row: DeviceRow, uid: number, nowSeconds: number): Promise<DeviceDetail> {
  const context = await loadDeviceContext(db, [row]);
  const partner = context.partners.get(row.id) ?? null;
  const source = statusSource(row, partner);
  const product = row.productId === null ? null : (context.products.get(row.productId) ?? null);
  const [subVersion] = product
    ? await db
        .select()
        .from(productSubVersions)
        .where(
          and(
            eq(productSubVersions.productId, product.id),
            eq(productSubVersions.hardwareVersion, source.hardwareVersion),
          ),
        )
        .limit(1)
    : [];
  const counts = product ? await subVersionCounts(db, [product.id]) : new Map<number, number>();
  const [placed] = await db.select({ n: count() }).from(nodes).where(eq(nodes.vid, row.id));
  return presentDeviceDetail(row, context, nowSeconds, {
    uid,
    subVersion: subVersion ?? null,
    subVersionCount: product ? (counts.get(product.id) ?? 0) : 0,
    nodeCount: placed?.n ?? 0,
  });
}
