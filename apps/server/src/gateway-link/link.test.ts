import { Code, gatewayTopic, type LiveEvent, signParams } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  describeApi,
  networkTeam,
  type Session,
  SIGNING_SECRET,
  type TestApp,
} from '../../test/helpers.ts';
import {
  buildGateway,
  connectGateway,
  dropConnection,
  grantedQos,
  send,
  waitFor,
} from '../../test/mqtt/fake-gateway.ts';
import { deviceElements, deviceReadings, devices, gatewayDiagnoses, gateways, products } from '../db/schema.ts';
import { INVENTORY_REQUEST_INTERVAL_MS } from './channels/device-writes.ts';

const MAC_A = 'AA0000000001';
const MAC_B = 'AA0000000002';
const MAC_S = 'AA0000000003';

const lamp = (mac: string, address: number, lightness = 0) => ({
  mac,
  address,
  model: 'LW-DT6',
  online: true,
  elements: [{ index: 0, type: 1, onOff: lightness > 0 ? 1 : 0, lightness }],
});

/** Opens the live stream of a network over real HTTP and collects its events. */
async function openStream(baseUrl: string, session: Session, nid: number) {
  let body: Record<string, unknown> = {
    nid,
    token: session.token,
    uid: session.uid,
    version: '1.0.0',
    platform: 3,
    bundle: 'southgate',
  };
  body = { ...body, sign: signParams(body, SIGNING_SECRET) };
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/v1/live/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const events: LiveEvent[] = [];
  let text = '';
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += decoder.decode(value, { stream: true });
          const blocks = text.split('\n\n');
          text = blocks.pop()!;
          for (const block of blocks) {
            for (const line of block.split('\n')) {
              if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
            }
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return { response, events, close: () => controller.abort() };
}

describeApi('gateway link: ingest of what a gateway sends over MQTT (embedded broker)', () => {
  let t: TestApp;
  let baseUrl: string;
  const clients: MqttClient[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const client of clients) client.end(true);
    await t.close();
  });

  const connect = async (sn: string, secret: string) => {
    const client = await connectGateway(t.brokerUrl, sn, secret);
    clients.push(client);
    return client;
  };
  const gatewayRow = async (id: number) => (await t.db.select().from(gateways).where(eq(gateways.id, id)))[0]!;
  const deviceByMac = async (nid: number, mac: string) =>
    (
      await t.db
        .select()
        .from(devices)
        .where(and(eq(devices.nid, nid), eq(devices.mac, mac)))
    )[0];
  const elementOf = async (deviceId: number) =>
    (await t.db.select().from(deviceElements).where(eq(deviceElements.deviceId, deviceId)))[0]!;
  /** Sends a diagnosis as a marker and waits until it is stored. */
  const mark = async (client: MqttClient, sn: string, gatewayId: number) => {
    const code = `mark-${Math.random().toString(36).slice(2)}`;
    await send(client, sn, 'report', { kind: 'diagnosis', seq: 0, at: 1, level: 'info', code, message: 'm' });
    await waitFor(
      async () =>
        (
          await t.db
            .select()
            .from(gatewayDiagnoses)
            .where(and(eq(gatewayDiagnoses.gatewayId, gatewayId), eq(gatewayDiagnoses.code, code)))
        ).length > 0,
      5000,
      'the marker diagnosis',
    );
  };
  /**
   * Waits until everything sent before was applied. A batch applies a diagnosis at once but consumption and
   * trigger reports after its loop, and batches run one after another: a second marker stored means the
   * first marker's batch, with everything sent before it, has ended.
   */
  const settle = async (client: MqttClient, sn: string, gatewayId: number) => {
    await mark(client, sn, gatewayId);
    await mark(client, sn, gatewayId);
  };

  it('presence: retained online sets status 2, mesh-ready and firmware; the last will sets it and its devices offline', async () => {
    const { owner, network } = await networkTeam(t);
    const { gateway, sn, secret } = await buildGateway(t.db, network.id, { gatewayType: 1 });
    const stream = await openStream(baseUrl, owner.session, network.id);
    const client = await connect(sn, secret);
    await send(client, sn, 'presence', { online: true, meshReady: true, firmware: '2.1.0' });
    const online = await waitFor(async () => {
      const row = await gatewayRow(gateway.id);
      return row.status === 2 ? row : null;
    });
    expect(online).toMatchObject({ status: 2, meshStatus: 1, firmware: '2.1.0' });
    expect(online.lastSeenAt).not.toBeNull();
    await send(client, sn, 'inventory', { seq: 1, devices: [lamp(MAC_A, 1, 40)] });
    await waitFor(async () => (await deviceByMac(network.id, MAC_A))?.online === true, 5000, 'A online');
    dropConnection(client);
    const offline = await waitFor(async () => {
      const row = await gatewayRow(gateway.id);
      return row.status === 1 ? row : null;
    });
    expect(offline).toMatchObject({ status: 1, meshStatus: 0, firmware: '2.1.0' });
    // The gateway can no longer reach its mesh, so the plan must not show its devices as reachable.
    await waitFor(async () => (await deviceByMac(network.id, MAC_A))?.online === false, 5000, 'A offline');
    await waitFor(() => stream.events.filter((e) => e.type === 'gateway').length >= 2, 5000, 'gateway events');
    expect(
      stream.events.filter((e) => e.type === 'gateway').map((e) => e.type === 'gateway' && e.gateway.status),
    ).toEqual([2, 1]);
    stream.close();
  });

  it('inventory: creates real devices with elements and kinds; devices missing from a later one go offline', async () => {
    const { network } = await networkTeam(t);
    await t.db
      .insert(products)
      .values({
        model: `LW-SENSE-${network.id}`,
        name: 'Ceiling sensor',
        kind: 'motionSensor',
        manufacturer: 'Lightwell',
      })
      .onConflictDoNothing();
    const { gateway, sn, secret } = await buildGateway(t.db, network.id);
    const client = await connect(sn, secret);
    const sensor = {
      mac: MAC_S,
      address: 3,
      model: `LW-SENSE-${network.id}`,
      firmwareVersion: '1.2',
      hardwareVersion: 'B',
      serialNumber: 'S-3',
      online: true,
      elements: [{ index: 0, type: 20 }],
    };
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
    expect(await t.db.select().from(devices).where(eq(devices.nid, network.id))).toHaveLength(3);

    // A device reported with another layout loses the elements it no longer has and gains the new ones;
    // one reported offline keeps when it was last seen; a renamed device keeps the name people gave it; a
    // MAC named twice ends as its last entry.
    await t.db.update(devices).set({ name: 'Reception downlight' }).where(eq(devices.id, a.id));
    const seenBefore = (await deviceByMac(network.id, MAC_S))!.lastSeenAt;
    expect(seenBefore).toBeInstanceOf(Date);
    const twoChannels = {
      ...lamp(MAC_A, 1),
      firmwareVersion: '2.0',
      elements: [
        { index: 1, type: 1, onOff: 1, lightness: 70 },
        { index: 2, type: 1, onOff: 0, lightness: 0 },
      ],
    };
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
    const elements = await t.db
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

  it('state: applied once per sequence; a redelivered or older message changes nothing', async () => {
    const { network } = await networkTeam(t);
    const { gateway, sn, secret } = await buildGateway(t.db, network.id);
    const client = await connect(sn, secret);
    await send(client, sn, 'inventory', { seq: 1, devices: [lamp(MAC_A, 1)] });
    const a = await waitFor(() => deviceByMac(network.id, MAC_A), 5000, 'device A');
    const state = (seq: number, lightness: number) => ({
      seq,
      at: 1_700_000_000,
      devices: [{ mac: MAC_A, elements: [{ index: 0, type: 1, onOff: 1, lightness, cct: 3000 }] }],
    });
    await send(client, sn, 'state', state(11, 30));
    await waitFor(async () => (await elementOf(a.id)).lightness === 30, 5000, 'lightness 30');
    expect(await elementOf(a.id)).toMatchObject({ onOff: 1, lightness: 30, cct: 3000 });
    expect((await gatewayRow(gateway.id)).stateSeq).toBe(11);

    // Someone else's write after the message: a redelivery of seq 11 and an older seq 10 must not undo it.
    await t.db.update(deviceElements).set({ lightness: 55 }).where(eq(deviceElements.deviceId, a.id));
    await send(client, sn, 'state', state(11, 30));
    await send(client, sn, 'state', state(10, 80));
    await settle(client, sn, gateway.id);
    expect((await elementOf(a.id)).lightness).toBe(55);
    expect((await gatewayRow(gateway.id)).stateSeq).toBe(11);

    // A message the schema refuses changes nothing either.
    await send(client, sn, 'state', { seq: 12, at: 1, devices: [{ mac: 'not-a-mac', elements: [] }] });
    await settle(client, sn, gateway.id);
    expect((await gatewayRow(gateway.id)).stateSeq).toBe(11);

    // A gateway that restarted its counter (seq 0) is applied again.
    await send(client, sn, 'state', { ...state(0, 20), devices: [{ mac: MAC_A, online: false, elements: [] }] });
    await waitFor(async () => (await deviceByMac(network.id, MAC_A))?.online === false, 5000, 'A offline');
    expect((await gatewayRow(gateway.id)).stateSeq).toBe(0);
  });

  it('state: one message for many devices writes each as reported; fields left out stay; a device named twice ends as its last mention', async () => {
    const { network } = await networkTeam(t);
    const { gateway, sn, secret } = await buildGateway(t.db, network.id);
    const client = await connect(sn, secret);
    await send(client, sn, 'inventory', { seq: 1, devices: [lamp(MAC_A, 1, 40), lamp(MAC_B, 2, 60)] });
    const a = await waitFor(() => deviceByMac(network.id, MAC_A), 5000, 'device A');
    const b = (await waitFor(() => deviceByMac(network.id, MAC_B), 5000, 'device B'))!;
    await send(client, sn, 'state', {
      seq: 2,
      at: 1_700_000_000,
      devices: [
        { mac: MAC_A, elements: [{ index: 0, type: 1, onOff: 0, lightness: 80 }] },
        { mac: MAC_B, online: false, elements: [{ index: 0, type: 1, lightness: 10, cct: 4000 }] },
        { mac: MAC_A, elements: [{ index: 0, type: 1, onOff: 0, lightness: 25 }] },
      ],
    });
    await waitFor(async () => (await gatewayRow(gateway.id)).stateSeq === 2, 5000, 'seq 2');
    expect(await elementOf(a!.id)).toMatchObject({ onOff: 0, lightness: 25 });
    expect(await elementOf(b.id)).toMatchObject({ onOff: 1, lightness: 10, cct: 4000 });
    expect(await deviceByMac(network.id, MAC_A)).toMatchObject({
      online: true,
      lastSeenAt: new Date(1_700_000_000_000),
    });
    expect(await deviceByMac(network.id, MAC_B)).toMatchObject({ online: false });
  });

  it('state: a gap in the sequence asks the gateway for its full inventory, at most once per interval', async () => {
    const { network } = await networkTeam(t);
    const { gateway, sn, secret } = await buildGateway(t.db, network.id);
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
    await t.db
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

  it('reports: a reading is kept once per sequence and adds usage and trigger counts once', async () => {
    const { network } = await networkTeam(t);
    const { gateway, sn, secret } = await buildGateway(t.db, network.id);
    const client = await connect(sn, secret);
    await send(client, sn, 'inventory', {
      seq: 1,
      devices: [
        lamp(MAC_A, 1),
        { mac: MAC_S, address: 3, model: 'X', online: true, elements: [{ index: 0, type: 20 }] },
      ],
    });
    await waitFor(() => deviceByMac(network.id, MAC_S), 5000, 'sensor');
    const consume = { kind: 'consume', seq: 100, mac: MAC_A, at: 1_700_000_000, onSeconds: 60, energyWh: 1.5 };
    const trigger = { kind: 'sensorTrigger', seq: 101, mac: MAC_S, at: 1_700_000_100, count: 3 };
    for (let i = 0; i < 2; i += 1) {
      await send(client, sn, 'report', consume);
      await send(client, sn, 'report', trigger);
    }
    await send(client, sn, 'report', {
      kind: 'diagnosis',
      seq: 102,
      at: 1_700_000_200,
      level: 'warning',
      code: 'E7',
      message: 'fan',
    });
    await send(client, sn, 'report', {
      kind: 'diagnosis',
      seq: 102,
      at: 1_700_000_200,
      level: 'warning',
      code: 'E7',
      message: 'fan',
    });
    await settle(client, sn, gateway.id);
    expect((await deviceByMac(network.id, MAC_A))!.usageSeconds).toBe(60);
    const sensor = (await deviceByMac(network.id, MAC_S))!;
    expect(sensor.sensorTriggerCount).toBe(3);
    expect((await elementOf(sensor.id)).triggeredAt?.getTime()).toBe(1_700_000_100_000);
    const readings = await t.db.select().from(deviceReadings).where(eq(deviceReadings.gatewayId, gateway.id));
    expect(readings.map((r) => [r.seq, r.kind, r.value])).toEqual(
      expect.arrayContaining([
        [100, 'consume', { onSeconds: 60, energyWh: 1.5 }],
        [101, 'sensorTrigger', { count: 3 }],
      ]),
    );
    expect(readings).toHaveLength(2);
    const diagnoses = await t.db
      .select()
      .from(gatewayDiagnoses)
      .where(and(eq(gatewayDiagnoses.gatewayId, gateway.id), eq(gatewayDiagnoses.code, 'E7')));
    expect(diagnoses).toHaveLength(1);
  });

  it('live: device changes arrive over the stream; a stranger gets 1013 JSON instead of a stream', async () => {
    const { owner, sub, stranger, network } = await networkTeam(t);
    const { sn, secret } = await buildGateway(t.db, network.id);
    const client = await connect(sn, secret);
    const refused = await openStream(baseUrl, stranger.session, network.id);
    expect(refused.response.headers.get('content-type')).toContain('application/json');
    expect(await refused.response.json()).toMatchObject({ code: Code.noPermission });
    const ownerStream = await openStream(baseUrl, owner.session, network.id);
    const subStream = await openStream(baseUrl, sub.session, network.id);
    await send(client, sn, 'inventory', { seq: 1, devices: [lamp(MAC_A, 1)] });
    await send(client, sn, 'state', {
      seq: 2,
      at: 1_700_000_000,
      devices: [{ mac: MAC_A, elements: [{ index: 0, type: 1, onOff: 1, lightness: 75 }] }],
    });
    for (const stream of [ownerStream, subStream]) {
      const lit = await waitFor(
        () =>
          stream.events.find(
            (e) => e.type === 'devices' && e.devices.some((d) => d.elements.some((el) => el.lightness === 75)),
          ),
        5000,
        'devices event',
      );
      expect(lit).toMatchObject({ type: 'devices', nid: network.id });
      expect(stream.events.some((e) => e.type === 'inventory' && e.nid === network.id)).toBe(true);
    }
    ownerStream.close();
    subStream.close();
  });

  it('credentials: a wrong secret is refused; a gateway stays under its own topics; delete and reset cut it off', async () => {
    const { network } = await networkTeam(t);
    const a = await buildGateway(t.db, network.id);
    const b = await buildGateway(t.db, network.id);
    await expect(connectGateway(t.brokerUrl, a.sn, 'wrong-secret')).rejects.toThrow();
    await expect(connectGateway(t.brokerUrl, 'lightwell-server', 'guess')).rejects.toThrow();
    const client = await connect(a.sn, a.secret);
    const granted: number[] = [];
    for (const topic of [`lw/gw/${b.sn}/cmd`, 'lw/srv/#', 'lw/gw/+/cmd', '#', `lw/gw/${a.sn}/cmd`]) {
      granted.push(await grantedQos(client, topic));
    }
    expect(granted).toEqual([128, 128, 128, 128, 1]);
    // Publishing as another gateway is refused (the broker closes the connection) and applies nothing.
    const cut = new Promise<void>((resolve) => client.once('close', () => resolve()));
    client.publish(`lw/gw/${b.sn}/status`, JSON.stringify({ online: true }), { qos: 1 }, () => undefined);
    await cut;
    expect((await gatewayRow(b.gateway.id)).status).toBe(1);

    const other = await connect(b.sn, b.secret);
    const closed = new Promise<void>((resolve) => other.once('close', () => resolve()));
    await t.app.ctx.link.revokeGateway(b.sn);
    await closed;
    await t.db.delete(gateways).where(eq(gateways.id, b.gateway.id));
    await expect(connectGateway(t.brokerUrl, b.sn, b.secret)).rejects.toThrow();
  });
});
