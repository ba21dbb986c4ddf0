import { isLightElement, PRODUCT_KIND } from '@lightwell/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import {
  deviceElements,
  devices,
  files,
  gateways,
  groupDevices,
  groups,
  networks,
  networkUsers,
  nodes,
  productSubVersions,
  products,
  projectUsers,
  sceneDevices,
  scenes,
  zones,
} from '../db/schema.ts';
import { demoGatewaySecret, hashGatewaySecret } from '../gateway-link/credentials.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import {
  DEMO_DEVICES,
  DEMO_GATEWAYS,
  DEMO_GROUPS,
  DEMO_NETWORK,
  DEMO_PRODUCTS,
  DEMO_SCENES,
  DEMO_ZONES,
  type DemoProduct,
  positionInZone,
  productIconName,
  productLayout,
} from './demo-installation.ts';
import { encodePng, type Rgb } from './png.ts';
import { seedDemoReports } from './seed-reports.ts';

const PLAN_FILE = 'plan-demo-office.png';

/** A 32×32 icon: the product's colour with a white glyph of its kind. */
function productIcon(product: DemoProduct): Buffer {
  const [r, g, b] = product.colour;
  const white: Rgb = [255, 255, 255];
  const colour: Rgb = [r, g, b];
  return encodePng(32, 32, (x, y) => {
    const dx = x - 15.5;
    const dy = y - 15.5;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > 15.5) return white;
    switch (product.glyph) {
      case 'bulb':
        return d < 7 ? white : colour;
      case 'ring':
        return d > 5 && d < 8 ? white : colour;
      case 'square':
        return Math.abs(dx) < 6 && Math.abs(dy) < 6 ? white : colour;
      case 'panel':
        return Math.abs(dx) < 8 && Math.abs(dy) < 5 ? white : colour;
      case 'cross':
        return (Math.abs(dx) < 2.5 && Math.abs(dy) < 9) || (Math.abs(dy) < 2.5 && Math.abs(dx) < 9) ? white : colour;
    }
  });
}

/** The floor plan: light background, walls around each zone's room. */
function floorPlan(): Buffer {
  const { width, height } = DEMO_NETWORK;
  const rooms = DEMO_ZONES.map((zone) => zone.rect);
  return encodePng(width, height, (x, y) => {
    if (x < 16 || y < 16 || x >= width - 16 || y >= height - 16) return [89, 89, 89];
    for (const room of rooms) {
      const inside = x >= room.x - 6 && x < room.x + room.w + 6 && y >= room.y - 6 && y < room.y + room.h + 6;
      const wall = inside && (x < room.x || x >= room.x + room.w || y < room.y || y >= room.y + room.h);
      const door = Math.abs(x - (room.x + room.w / 2)) < 30;
      if (wall && !door) return [140, 140, 140];
    }
    return [247, 247, 242];
  });
}

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

/** The demo user's demo project (its default project), or null. */
async function demoProject(db: Db, uid: number): Promise<number | null> {
  const [row] = await db
    .select({ pid: projectUsers.pid })
    .from(projectUsers)
    .where(and(eq(projectUsers.uid, uid), eq(projectUsers.isDefault, true)))
    .limit(1);
  return row?.pid ?? null;
}

/**
 * Brings the stored secrets of the demo gateways in line with the ones derived from the server-only secret
 * (`demoGatewaySecret`): after an upgrade from the scheme keyed by the client key, or a new SERVER_SECRET,
 * the demo simulator started with the new ones is let in.
 */
export async function renewDemoGatewaySecrets(ctx: AppContext): Promise<void> {
  for (const gateway of DEMO_GATEWAYS) {
    await ctx.db
      .update(gateways)
      .set({ secretHash: hashGatewaySecret(demoGatewaySecret(ctx.keys, gateway.sn)) })
      .where(eq(gateways.sn, gateway.sn));
  }
}

/**
 * The demo installation, once: in the demo project a network "Demo office" with a floor plan and five
 * zones, two mesh-type gateways (secrets derived with `demoGatewaySecret`), 30 devices of every kind placed
 * as nodes in their zones, two groups and two scenes. Seeded when the first demo gateway does not exist
 * yet (deleting the network brings it back at the next start). Answers the network id, or null.
 */
export async function seedDemoInstallation(ctx: AppContext, uid: number): Promise<number | null> {
  const [existing] = await ctx.db
    .select({ nid: gateways.nid })
    .from(gateways)
    .where(eq(gateways.sn, DEMO_GATEWAYS[0].sn))
    .limit(1);
  if (existing) return existing.nid;
  const pid = await demoProject(ctx.db, uid);
  if (pid === null) return null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const productIds = await seedDemoProducts(tx);
      const plan = floorPlan();
      await tx
        .insert(files)
        .values({
          name: PLAN_FILE,
          ownerUid: uid,
          mime: 'image/png',
          size: plan.length,
          width: DEMO_NETWORK.width,
          height: DEMO_NETWORK.height,
          data: plan,
        })
        .onConflictDoNothing();
      const [network] = await tx
        .insert(networks)
        .values({
          pid,
          name: DEMO_NETWORK.name,
          category: DEMO_NETWORK.category,
          image: PLAN_FILE,
          imageWidth: DEMO_NETWORK.width,
          imageHeight: DEMO_NETWORK.height,
          latitude: DEMO_NETWORK.latitude,
          longitude: DEMO_NETWORK.longitude,
          timeZone: DEMO_NETWORK.timeZone,
          electricityPrice: DEMO_NETWORK.electricityPrice,
          currency: DEMO_NETWORK.currency,
          createdBy: uid,
        })
        .returning({ id: networks.id });
      const nid = network!.id;
      await tx.insert(networkUsers).values({ nid, uid, userType: 2 });

      const zoneIds = new Map<string, number>();
      for (const zone of DEMO_ZONES) {
        const { x, y, w, h } = zone.rect;
        const [row] = await tx
          .insert(zones)
          .values({
            nid,
            name: zone.name,
            shape: 1,
            bgColor: zone.colour,
            // The name along the top edge, clear of the fittings placed across the zone.
            namePositionX: x + w / 2,
            namePositionY: y + 18,
            points: [
              { x, y },
              { x: x + w, y },
              { x: x + w, y: y + h },
              { x, y: y + h },
            ],
          })
          .returning({ id: zones.id });
        zoneIds.set(zone.name, row!.id);
      }

      const gatewayIds: number[] = [];
      for (const gateway of DEMO_GATEWAYS) {
        const [row] = await tx
          .insert(gateways)
          .values({
            nid,
            sn: gateway.sn,
            name: gateway.name,
            secretHash: hashGatewaySecret(demoGatewaySecret(ctx.keys, gateway.sn)),
            gatewayType: 3,
            firmware: gateway.firmware,
          })
          .returning({ id: gateways.id });
        gatewayIds.push(row!.id);
      }

      const now = ctx.now();
      const deviceIds = new Map<string, number>();
      for (const [index, device] of DEMO_DEVICES.entries()) {
        const product = DEMO_PRODUCTS.find((p) => p.model === device.model)!;
        const kind = PRODUCT_KIND[product.simKind];
        const [row] = await tx
          .insert(devices)
          .values({
            nid,
            gatewayId: gatewayIds[device.gateway]!,
            kind,
            name: device.name,
            productId: productIds.get(product.model)!,
            model: product.model,
            mac: device.mac,
            address: device.address,
            firmwareVersion: '1.4.2',
            hardwareVersion: product.hardwareVersions[index % product.hardwareVersions.length]!,
            serialNumber: `LW${String(240_000 + index + 1)}`,
            manufacturer: product.manufacturer,
            supplier: 'Lightwell demo supply',
            installedAt: new Date(now.getTime() - 90 * 86_400_000),
            ratedPower: product.ratedPower,
            batteryType: kind === 'emergency' ? 'NiMH 3.6 V 1.6 Ah' : kind === 'pushButton' ? 'CR2032' : '',
          })
          .returning({ id: devices.id });
        deviceIds.set(device.mac, row!.id);
        for (const [elementIndex, element] of productLayout(product).elements.entries()) {
          const light = isLightElement(element.type);
          await tx.insert(deviceElements).values({
            deviceId: row!.id,
            index: elementIndex,
            type: element.type,
            isD4i: element.isD4i ?? false,
            isLinear: element.isLinear ?? true,
            onOff: light && device.level > 0 ? 1 : 0,
            lightness: light ? device.level : 0,
            cct: element.type === 8 ? 4000 : null,
          });
        }
      }

      for (const zone of DEMO_ZONES) {
        const members = DEMO_DEVICES.filter((device) => device.zone === zone.name);
        for (const [i, device] of members.entries()) {
          const at = positionInZone(zone.rect, i, members.length);
          await tx.insert(nodes).values({
            nid,
            zoneId: zoneIds.get(zone.name)!,
            vid: deviceIds.get(device.mac)!,
            name: device.label,
            positionX: at.x,
            positionY: at.y,
          });
        }
      }

      for (const group of DEMO_GROUPS) {
        const [row] = await tx
          .insert(groups)
          .values({ nid, type: group.type, name: group.name, category: group.category })
          .returning({ id: groups.id });
        const members = DEMO_DEVICES.filter((device) => group.members(device));
        await tx
          .insert(groupDevices)
          .values(members.map((device) => ({ groupId: row!.id, deviceId: deviceIds.get(device.mac)! })));
      }

      const slots = new Map<string, number>();
      for (const scene of DEMO_SCENES) {
        const [row] = await tx
          .insert(scenes)
          .values({ nid, number: scene.number, name: scene.name, type: scene.type, fadeTime: 2 })
          .returning({ id: scenes.id });
        const members = DEMO_DEVICES.filter(
          (device) =>
            scene.zones.includes(device.zone) &&
            productLayout(DEMO_PRODUCTS.find((p) => p.model === device.model)!).elements.some((e) =>
              isLightElement(e.type),
            ),
        );
        await tx.insert(sceneDevices).values(
          members.map((device) => {
            const slot = slots.get(device.mac) ?? 0;
            slots.set(device.mac, slot + 1);
            return {
              sceneId: row!.id,
              deviceId: deviceIds.get(device.mac)!,
              slot,
              onOff: scene.onOff,
              lightness: scene.lightness,
              cct: device.model === 'LW-PL-DT8' ? scene.cct : null,
            };
          }),
        );
      }
      await seedDemoReports(tx, pid, uid, now);
      return nid;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [row] = await ctx.db
      .select({ nid: gateways.nid })
      .from(gateways)
      .where(eq(gateways.sn, DEMO_GATEWAYS[0].sn))
      .limit(1);
    return row?.nid ?? null;
  }
}
