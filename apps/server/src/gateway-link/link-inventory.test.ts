import { gatewayTopic } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeApi, networkTeam } from '../../test/helpers.ts';
import { buildGateway, send, waitFor } from '../../test/mqtt/fake-gateway.ts';
import { deviceElements, devices, gateways, products } from '../db/schema.ts';
import { INVENTORY_REQUEST_INTERVAL_MS } from './channels/device-writes.ts';
import { lamp, MAC_A, MAC_B, MAC_S, useLinkSite } from './test-link.ts';

const site = useLinkSite();
const { connect, deviceByMac, elementOf, gatewayRow, settle } = site;

/** Stores a ceiling sensor product of a model of the network's own; answers the sensor as an inventory lists it. */
async function ceilingSensor(nid: number) {
  const model = `LW-SENSE-${nid}`;
  await site.t.db
    .insert(products)
    .values({ model, name: 'Ceiling sensor', kind: 'motionSensor', manufacturer: 'Lightwell' })
    .onConflictDoNothing();
  return {
    mac: MAC_S,
    address: 3,
    model,
    firmwareVersion: '1.2',
    hardwareVersion: 'B',
    serialNumber: 'S-3',
    online: true,
    elements: [{ index: 0, type: 20 }],
  };
}

/** Device A reported again with two channels (1 and 2) instead of channel 0, and a newer firmware. */
const twoChannels = {
  ...lamp(MAC_A, 1),
  firmwareVersion: '2.0',
  elements: [
    { index: 1, type: 1, onOff: 1, lightness: 70 },
    { index: 2, type: 1, onOff: 0, lightness: 0 },
  ],
};

describeApi('gateway link over the embedded broker: inventory', () => {
  it('inventory: creates real devices with elements and kinds; devices missing from a later one go offline', async () => {
    const { network } = await networkTeam(site.t);
    const sensor = await ceilingSensor(network.id);
    const { gateway, sn, secret } = await buildGateway(site.t.db, network.id);
    const client = await connect(sn, secret);
    await send(client, sn, 'inventory', {
      seq: 1,
      devices: [lamp(MAC_A, 1, 40), lamp('aa:00:00:00:00:02', 2), sensor],
    });
    const b = await waitFor(() => deviceByMac(network.id, MAC_B), 5000, 'device B');
    expect(b).toMatchObject({ isVirtual: false, gatewayId: gateway.id, kind: 'luminaire', address: 2, online: true });
    const s = (await deviceByMac(network.id, MAC_S))!;
    expect(s).toMatchObject({
      kind: 'motionSensor',
      name: 'Ceiling sensor 0003',
      manufacturer: 'Lightwell',
      firmwareVersion: '1.2',
      hardwareVersion: 'B',
      serialNumber: 'S-3',
    });
    const a = (await deviceByMac(network.id, MAC_A))!;
    expect(await elementOf(a.id)).toMatchObject({ index: 0, type: 1, onOff: 1, lightness: 40 });

    await send(client, sn, 'inventory', { seq: 2, devices: [lamp(MAC_A, 1, 40), sensor] });
    await waitFor(async () => (await deviceByMac(network.id, MAC_B))?.online === false, 5000, 'B offline');
    expect((await deviceByMac(network.id, MAC_A))!.online).toBe(true);
    expect(await site.t.db.select().from(devices).where(eq(devices.nid, network.id))).toHaveLength(3);

    // A device reported with another layout loses the elements it no longer has and gains the new ones;
    // one reported offline keeps when it was last seen; a renamed device keeps the name people gave it; a
    // MAC named twice ends as its last entry.
    await site.t.db.update(devices).set({ name: 'Reception downlight' }).where(eq(devices.id, a.id));
    const seenBefore = (await deviceByMac(network.id, MAC_S))!.lastSeenAt;
    expect(seenBefore).toBeInstanceOf(Date);
    await send(client, sn, 'inventory', {
      seq: 3,
      devices: [lamp(MAC_A, 9), twoChannels, { ...sensor, online: false, firmwareVersion: '1.3' }],
    });
    await waitFor(async () => (await deviceByMac(network.id, MAC_S))?.online === false, 5000, 'sensor offline');
    const sensorAfter = (await deviceByMac(network.id, MAC_S))!;
    expect(sensorAfter).toMatchObject({ firmwareVersion: '1.3', name: 'Ceiling sensor 0003' });
    expect(sensorAfter.lastSeenAt).toEqual(seenBefore);
    const aAfter = (await deviceByMac(network.id, MAC_A))!;
    expect(aAfter).toMatchObject({ id: a.id, name: 'Reception downlight', address: 1, firmwareVersion: '2.0' });
    const elements = await site.t.db
      .select()
      .from(deviceElements)
      .where(eq(deviceElements.deviceId, a.id))
      .orderBy(deviceElements.index);
    expect(elements.map((e) => [e.index, e.lightness])).toEqual([
      [1, 70],
      [2, 0],
    ]);
    expect((await elementOf(s.id)).index).toBe(0);
  });
});

describeApi('gateway link over the embedded broker: inventory requests', () => {
  it('state: a gap in the sequence asks the gateway for its full inventory, at most once per interval', async () => {
    const { network } = await networkTeam(site.t);
    const { gateway, sn, secret } = await buildGateway(site.t.db, network.id);
    const client = await connect(sn, secret);
    const requests: unknown[] = [];
    client.on('message', (topic, payload) => {
      if (topic === gatewayTopic(sn, 'command')) requests.push(JSON.parse(payload.toString('utf8')));
    });
    await client.subscribeAsync(gatewayTopic(sn, 'command'), { qos: 1 });
    const state = (seq: number, lightness: number) => ({
      seq,
      at: 1_700_000_000,
      devices: [{ mac: MAC_A, elements: [{ index: 0, type: 1, onOff: 1, lightness }] }],
    });
    await send(client, sn, 'inventory', { seq: 1, devices: [lamp(MAC_A, 1)] });
    await send(client, sn, 'state', state(2, 10));
    await send(client, sn, 'state', state(3, 20));
    await settle(client, sn, gateway.id);
    expect((await gatewayRow(gateway.id)).stateSeq).toBe(3);
    expect(requests).toEqual([]);
    expect((await gatewayRow(gateway.id)).inventoryRequestedAt).toBeNull();

    // seq 4 lost: 5 is still applied, and the gateway is asked for the whole picture.
    await send(client, sn, 'state', state(5, 50));
    await waitFor(() => requests.length > 0, 5000, 'the inventory request');
    expect(requests).toEqual([{ sendInventory: true }]);
    const a = (await deviceByMac(network.id, MAC_A))!;
    expect((await elementOf(a.id)).lightness).toBe(50);
    const askedAt = (await gatewayRow(gateway.id)).inventoryRequestedAt;
    expect(askedAt).not.toBeNull();

    // Another gap within the interval asks nothing more; after the interval it asks again.
    await send(client, sn, 'state', state(8, 80));
    await settle(client, sn, gateway.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests).toHaveLength(1);
    expect((await gatewayRow(gateway.id)).inventoryRequestedAt).toEqual(askedAt);
    await site.t.db
      .update(gateways)
      .set({ inventoryRequestedAt: new Date(Date.now() - INVENTORY_REQUEST_INTERVAL_MS - 1000) })
      .where(eq(gateways.id, gateway.id));
    await send(client, sn, 'state', state(10, 90));
    await waitFor(() => requests.length > 1, 5000, 'a second inventory request');
    // The inventory that answers it needs none: it is the whole mesh.
    await send(client, sn, 'inventory', { seq: 20, devices: [lamp(MAC_A, 1, 90)] });
    await settle(client, sn, gateway.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests).toHaveLength(2);
    expect((await gatewayRow(gateway.id)).stateSeq).toBe(20);
  });
});
