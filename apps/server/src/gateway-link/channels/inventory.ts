import { ElementType, type InventoryMessage, isEmergencyElement, isLightElement } from '@lightwell/domain';
import { and, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, productSubVersions, products } from '../../db/schema.ts';
import type { Applied, LinkedGateway } from '../../link-types.ts';
import { claimSequence, type ElementWrite, upsertElements } from './device-writes.ts';

/* The `inventory` channel (docs/gateway-protocol.md "Applying messages"): the gateway's devices, in full. */

type ReportedDevice = InventoryMessage['devices'][number];
type Product = typeof products.$inferSelect;
type ProductVersion = typeof productSubVersions.$inferSelect;

/** Device kind from the element types, when the product catalogue does not know the model. */
function kindFromElements(types: number[]): string {
  if (types.some(isEmergencyElement)) return 'emergency';
  if (types.some(isLightElement)) return 'luminaire';
  if (types.includes(ElementType.motionSensor)) return 'motionSensor';
  if (types.includes(ElementType.lightSensor)) return 'lightSensor';
  if (types.includes(ElementType.pushButton)) return 'pushButton';
  if (types.includes(ElementType.panel)) return 'panel';
  return 'luminaire';
}

/** Devices written per statement of an inventory: about 17 parameters each, well below PostgreSQL's 65,535. */
const DEVICES_PER_STATEMENT = 1000;

/** What an inventory refreshes of a device that exists: every reported column but its name and install date. */
const excludedDeviceColumns = Object.fromEntries(
  (
    [
      'gatewayId',
      'kind',
      'productId',
      'model',
      'address',
      'firmwareVersion',
      'hardwareVersion',
      'serialNumber',
      'online',
    ] as const
  ).map((key) => [key, sql`excluded.${sql.identifier(getTableColumns(devices)[key].name)}`]),
);

/**
 * Inventory: every device the gateway reports becomes (or stays) a real device of its network with its
 * elements; its devices missing from the inventory go offline. An `inventory` and a `devices` event.
 */
export async function applyInventory(
  db: Db,
  gateway: LinkedGateway,
  message: InventoryMessage,
  now: Date,
): Promise<Applied> {
  return db.transaction(async (tx) => {
    if ((await claimSequence(tx, gateway.id, message.seq, now)) === null) return {};
    const { productByModel, versions } = await loadCatalogue(tx, message.devices);
    // A MAC named twice keeps its last entry, as writing the devices one by one would.
    const reported = [...new Map(message.devices.map((device) => [device.mac, device])).values()];
    const idByMac = await writeDevices(tx, gateway, reported, productByModel, now);
    const ids = reported.map((device) => idByMac.get(device.mac)!);
    const elementWrites: ElementWrite[] = reported.flatMap((device) => {
      const productId = productByModel.get(device.model)?.id;
      const layout = versions.find((v) => v.productId === productId && v.hardwareVersion === device.hardwareVersion)
        ?.config.elements;
      const deviceId = idByMac.get(device.mac)!;
      return device.elements.map((element) => ({ deviceId, element, layout: layout?.[element.index] }));
    });
    // Elements the gateway no longer reports for its devices, in one statement.
    if (ids.length > 0) {
      await tx.execute(sql`
        DELETE FROM device_elements AS de
        WHERE de.device_id = ANY(${sql.param(ids)}::int[])
          AND NOT EXISTS (
            SELECT 1 FROM unnest(${sql.param(elementWrites.map((w) => w.deviceId))}::int[],
                                 ${sql.param(elementWrites.map((w) => w.element.index))}::int[]) AS kept(device_id, idx)
            WHERE kept.device_id = de.device_id AND kept.idx = de.index)`);
    }
    await upsertElements(tx, elementWrites, now);
    const gone = await tx
      .update(devices)
      .set({ online: false, updatedAt: now })
      .where(
        and(
          eq(devices.gatewayId, gateway.id),
          eq(devices.isVirtual, false),
          eq(devices.online, true),
          ...(ids.length > 0 ? [notInArray(devices.id, ids)] : []),
        ),
      )
      .returning({ id: devices.id });
    return {
      devices: { nid: gateway.nid, ids: [...ids, ...gone.map((g) => g.id)] },
      events: [{ type: 'inventory', nid: gateway.nid }],
    };
  });
}

/** The catalogue's products of the reported models and their hardware versions (element layouts). */
async function loadCatalogue(
  tx: Db,
  reported: ReportedDevice[],
): Promise<{ productByModel: Map<string, Product>; versions: ProductVersion[] }> {
  const models = [...new Set(reported.map((d) => d.model))];
  const catalogue = models.length === 0 ? [] : await tx.select().from(products).where(inArray(products.model, models));
  const productByModel = new Map(catalogue.map((p) => [p.model, p]));
  const versions =
    catalogue.length === 0
      ? []
      : await tx
          .select()
          .from(productSubVersions)
          .where(
            inArray(
              productSubVersions.productId,
              catalogue.map((p) => p.id),
            ),
          );
  return { productByModel, versions };
}

/** Creates or refreshes the reported devices; answers their ids by MAC. */
async function writeDevices(
  tx: Db,
  gateway: LinkedGateway,
  reported: ReportedDevice[],
  productByModel: Map<string, Product>,
  now: Date,
): Promise<Map<string, number>> {
  const idByMac = new Map<string, number>();
  for (let from = 0; from < reported.length; from += DEVICES_PER_STATEMENT) {
    const rows = reported.slice(from, from + DEVICES_PER_STATEMENT).map((device) => {
      const product = productByModel.get(device.model);
      return {
        nid: gateway.nid,
        gatewayId: gateway.id,
        isVirtual: false,
        kind: product?.kind ?? kindFromElements(device.elements.map((e) => e.type)),
        name: `${product?.name ?? device.model} ${device.mac.slice(-4)}`,
        productId: product?.id ?? null,
        model: device.model,
        mac: device.mac,
        address: device.address,
        firmwareVersion: device.firmwareVersion,
        hardwareVersion: device.hardwareVersion,
        serialNumber: device.serialNumber,
        manufacturer: product?.manufacturer ?? '',
        ratedPower: product?.ratedPower ?? null,
        installedAt: now,
        online: device.online,
        lastSeenAt: device.online ? now : null,
      };
    });
    // One statement for the gateway's devices: 20,000 devices of 1,000 gateways took about 5 minutes one
    // statement each (docs/decisions.md, "Ingest throughput").
    const written = await tx
      .insert(devices)
      .values(rows)
      .onConflictDoUpdate({
        target: [devices.nid, devices.mac, devices.isVirtual],
        set: {
          ...excludedDeviceColumns,
          // Last seen now when the gateway reports it online; an offline one keeps when it was last seen.
          lastSeenAt: sql`coalesce(excluded.last_seen_at, ${devices.lastSeenAt})`,
          updatedAt: now,
        },
      })
      .returning({ id: devices.id, mac: devices.mac });
    for (const row of written) idByMac.set(row.mac, row.id);
  }
  return idByMac;
}
