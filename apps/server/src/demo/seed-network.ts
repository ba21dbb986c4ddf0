import { isLightElement, PRODUCT_KIND } from '@lightwell/domain';
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
  sceneDevices,
  scenes,
  zones,
} from '../db/schema.ts';
import { demoGatewaySecret, hashGatewaySecret } from '../gateway-link/credentials.ts';
import type { ServerKeys } from '../lib/server-keys.ts';
import { floorPlan, PLAN_FILE } from './demo-images.ts';
import {
  DEMO_DEVICES,
  DEMO_GATEWAYS,
  DEMO_GROUPS,
  DEMO_NETWORK,
  DEMO_PRODUCTS,
  DEMO_SCENES,
  DEMO_ZONES,
  positionInZone,
  productLayout,
} from './demo-installation.ts';

/** What the demo network is written with: its project and owner, the server keys, the clock, product ids. */
export interface DemoNetworkInput {
  pid: number;
  uid: number;
  keys: ServerKeys;
  now: Date;
  /** Product ids by model (seedDemoProducts). */
  productIds: Map<string, number>;
}

/**
 * The network "Demo office" in the demo project, in the transaction given: its floor plan, zones, gateways,
 * devices placed as nodes in their zones, groups and scenes. Answers the network id.
 */
export async function seedDemoNetwork(tx: Db, input: DemoNetworkInput): Promise<number> {
  const nid = await insertNetwork(tx, input.pid, input.uid);
  const zoneIds = await insertZones(tx, nid);
  const gatewayIds = await insertGateways(tx, nid, input.keys);
  const deviceIds = await insertDevices(tx, nid, gatewayIds, input);
  await placeNodes(tx, nid, zoneIds, deviceIds);
  await insertGroups(tx, nid, deviceIds);
  await insertScenes(tx, nid, deviceIds);
  return nid;
}

/** The floor plan file (once per console) and the network with its owner. */
async function insertNetwork(tx: Db, pid: number, uid: number): Promise<number> {
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
  return nid;
}

/** The zones, as rectangles with their name along the top edge. Answers zone ids by name. */
async function insertZones(tx: Db, nid: number): Promise<Map<string, number>> {
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
  return zoneIds;
}

/** The mesh-type gateways, secrets derived with `demoGatewaySecret`. Answers their ids in order. */
async function insertGateways(tx: Db, nid: number, keys: ServerKeys): Promise<number[]> {
  const gatewayIds: number[] = [];
  for (const gateway of DEMO_GATEWAYS) {
    const [row] = await tx
      .insert(gateways)
      .values({
        nid,
        sn: gateway.sn,
        name: gateway.name,
        secretHash: hashGatewaySecret(demoGatewaySecret(keys, gateway.sn)),
        gatewayType: 3,
        firmware: gateway.firmware,
      })
      .returning({ id: gateways.id });
    gatewayIds.push(row!.id);
  }
  return gatewayIds;
}

/** The devices with their elements as their product lays them out. Answers device ids by MAC. */
async function insertDevices(
  tx: Db,
  nid: number,
  gatewayIds: number[],
  { now, productIds }: DemoNetworkInput,
): Promise<Map<string, number>> {
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
  return deviceIds;
}

/** Each device as a node of its zone, spread across the zone. */
async function placeNodes(
  tx: Db,
  nid: number,
  zoneIds: Map<string, number>,
  deviceIds: Map<string, number>,
): Promise<void> {
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
}

async function insertGroups(tx: Db, nid: number, deviceIds: Map<string, number>): Promise<void> {
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
}

/** The scenes, each over the light devices of its zones; a device in several scenes takes the next slot. */
async function insertScenes(tx: Db, nid: number, deviceIds: Map<string, number>): Promise<void> {
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
}
