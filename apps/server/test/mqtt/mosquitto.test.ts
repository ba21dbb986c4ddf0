import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { gatewayTopic } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deviceElements, deviceReadings, devices, gateways } from '../../src/db/schema.ts';
import { buildTestApp, networkTeam, type TestApp } from '../helpers.ts';
import { buildGateway, connectGateway, dropConnection, grantedQos, send, waitFor } from './fake-gateway.ts';
import { describeWithMosquitto, MOSQUITTO, portAnswers, startMosquitto, type TestMosquitto } from './mosquitto.ts';

const SERVER_PASSWORD = `server-${randomBytes(8).toString('hex')}`;
const hasMosquitto = existsSync(MOSQUITTO);

async function connectServerUser(url: string): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    username: 'lightwell-server',
    password: SERVER_PASSWORD,
    reconnectPeriod: 0,
    clientId: `observer-${randomBytes(4).toString('hex')}`,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  return client;
}

describeWithMosquitto(hasMosquitto, `${MOSQUITTO} is not installed`)(
  'protocol against a real Mosquitto with the deploy ACL',
  () => {
    let broker: TestMosquitto;
    let t: TestApp;
    let nid: number;
    const a = { sn: `gw-a-${randomBytes(4).toString('hex')}`, secret: `sa-${randomBytes(8).toString('hex')}` };
    const b = { sn: `gw-b-${randomBytes(4).toString('hex')}`, secret: `sb-${randomBytes(8).toString('hex')}` };
    const clients: MqttClient[] = [];

    beforeAll(async () => {
      broker = await startMosquitto({ 'lightwell-server': SERVER_PASSWORD, [a.sn]: a.secret, [b.sn]: b.secret });
      t = await buildTestApp({ MQTT_URL: `mqtt://lightwell-server:${SERVER_PASSWORD}@127.0.0.1:${broker.port}` });
      const { network } = await networkTeam(t);
      nid = network.id;
    });
    afterAll(async () => {
      for (const client of clients) client.end(true);
      await t?.close();
      await broker?.stop();
    });

    it('refuses wrong and anonymous credentials', async () => {
      await expect(connectGateway(broker.url, a.sn, 'wrong')).rejects.toThrow();
      const anonymous = mqtt.connect(broker.url, { reconnectPeriod: 0 });
      await expect(
        new Promise((resolve, reject) => {
          anonymous.once('connect', resolve);
          anonymous.once('error', reject);
        }),
      ).rejects.toThrow();
      anonymous.end(true);
    });

    it("gateway A can neither subscribe to nor publish on gateway B's topics or lw/srv/#", async () => {
      const gatewayA = await connectGateway(broker.url, a.sn, a.secret);
      clients.push(gatewayA);
      // Mosquitto grants v3.1.1 subscriptions and applies the ACL when it delivers (its changelog: "checks
      // are still made before a message is sent to a client"): A subscribes to everything of B and of the
      // console, and must receive none of it.
      const received: string[] = [];
      gatewayA.on('message', (topic) => received.push(topic));
      for (const topic of [`lw/gw/${b.sn}/cmd`, `lw/gw/${b.sn}/#`, 'lw/srv/#', 'lw/gw/+/cmd', '#']) {
        await grantedQos(gatewayA, topic);
      }
      expect(await grantedQos(gatewayA, gatewayTopic(a.sn, 'command'))).toBe(1);
      const server = await connectServerUser(broker.url);
      clients.push(server);
      for (const topic of [gatewayTopic(b.sn, 'command'), gatewayTopic(b.sn, 'presence'), `lw/srv/live/${nid}`]) {
        await server.publishAsync(topic, '{}', { qos: 1 });
      }
      await server.publishAsync(gatewayTopic(a.sn, 'command'), '{}', { qos: 1 });
      await waitFor(() => received.includes(gatewayTopic(a.sn, 'command')), 5000, "A's own command");
      expect(received.filter((topic) => !topic.startsWith(`lw/gw/${a.sn}/`))).toEqual([]);

      // The server user watches everything; A's forbidden publications must never reach it.
      const observer = await connectServerUser(broker.url);
      clients.push(observer);
      const seen: string[] = [];
      observer.on('message', (topic) => seen.push(topic));
      await observer.subscribeAsync('lw/#', { qos: 1 });
      for (const topic of [`lw/gw/${b.sn}/status`, `lw/gw/${b.sn}/cmd`, `lw/srv/live/${nid}`, 'lw/srv/revoke']) {
        await gatewayA.publishAsync(topic, JSON.stringify({ online: true }), { qos: 1 });
      }
      const marker = gatewayTopic(a.sn, 'report');
      await gatewayA.publishAsync(
        marker,
        JSON.stringify({ kind: 'diagnosis', seq: 1, at: 1, level: 'info', code: 'x', message: 'm' }),
        {
          qos: 1,
        },
      );
      await waitFor(() => seen.includes(marker), 5000, 'the marker');
      expect(seen.filter((topic) => topic !== marker && !topic.startsWith(`lw/gw/${a.sn}/`))).toEqual([]);
    });

    it('a live event published by one server process reaches the streams of another', async () => {
      const other = await buildTestApp({
        MQTT_URL: `mqtt://lightwell-server:${SERVER_PASSWORD}@127.0.0.1:${broker.port}`,
      });
      try {
        const got: unknown[] = [];
        const stop = other.app.ctx.live.subscribe(nid, (event) => got.push(event));
        const event = { type: 'inventory' as const, nid };
        await t.app.ctx.live.publish(event);
        await waitFor(() => got.length > 0, 5000, 'the event in the other process');
        expect(got).toEqual([event]);
        stop();
      } finally {
        await other.close();
      }
    });

    it('two server processes in one share group apply each report once between them; both see presence', async () => {
      const url = `mqtt://lightwell-server:${SERVER_PASSWORD}@127.0.0.1:${broker.port}`;
      const group = `share-${randomBytes(4).toString('hex')}`;
      const apps = [await buildTestApp({ MQTT_URL: url, MQTT_SHARE_GROUP: group })];
      apps.push(await buildTestApp({ MQTT_URL: url, MQTT_SHARE_GROUP: group }));
      try {
        const installed: { app: TestApp; gateway: typeof gateways.$inferSelect }[] = [];
        for (const app of apps) {
          const { network } = await networkTeam(app);
          const { gateway } = await buildGateway(app.db, network.id, { sn: b.sn });
          await app.db.insert(devices).values({
            nid: network.id,
            gatewayId: gateway.id,
            kind: 'luminaire',
            name: 'L',
            model: 'M',
            mac: 'EF0000000001',
          });
          installed.push({ app, gateway });
        }
        const gatewayB = await connectGateway(broker.url, b.sn, b.secret);
        clients.push(gatewayB);
        await send(gatewayB, b.sn, 'presence', { online: true, meshReady: true });
        for (let seq = 1; seq <= 20; seq += 1) {
          await send(gatewayB, b.sn, 'report', {
            kind: 'consume',
            seq,
            mac: 'EF0000000001',
            at: 1_700_000_000 + seq,
            onSeconds: 1,
            energyWh: 0.1,
          });
        }
        const counts = async () =>
          Promise.all(
            installed.map(
              async ({ app, gateway }) =>
                (await app.db.select().from(deviceReadings).where(eq(deviceReadings.gatewayId, gateway.id))).length,
            ),
          );
        await waitFor(async () => (await counts()).reduce((sum, n) => sum + n, 0) >= 20, 10_000, '20 readings');
        await new Promise((resolve) => setTimeout(resolve, 300));
        const [first, second] = await counts();
        expect(first! + second!).toBe(20);
        expect(first).toBeGreaterThan(0);
        expect(second).toBeGreaterThan(0);
        for (const { app, gateway } of installed) {
          await waitFor(async () => {
            const [row] = await app.db.select().from(gateways).where(eq(gateways.id, gateway.id));
            return row!.status === 2;
          });
        }
        await gatewayB.publishAsync(gatewayTopic(b.sn, 'presence'), '', { qos: 1, retain: true });
      } finally {
        for (const app of apps) await app.close();
      }
    });

    it("the server connected through MQTT_URL ingests gateway A's presence and last will", async () => {
      const { gateway } = await buildGateway(t.db, nid, { sn: a.sn });
      const gatewayA = await connectGateway(broker.url, a.sn, a.secret);
      clients.push(gatewayA);
      await send(gatewayA, a.sn, 'presence', { online: true, meshReady: true, firmware: '4.2' });
      const online = await waitFor(async () => {
        const [row] = await t.db.select().from(gateways).where(eq(gateways.id, gateway.id));
        return row!.status === 2 ? row : null;
      });
      expect(online).toMatchObject({ status: 2, meshStatus: 1, firmware: '4.2' });
      dropConnection(gatewayA);
      await waitFor(async () => {
        const [row] = await t.db.select().from(gateways).where(eq(gateways.id, gateway.id));
        return row!.status === 1;
      });
    });
  },
);

const PUBLIC_MOSQUITTO = 'mqtt://127.0.0.1:1883';
const publicAnswers = await portAnswers(1883);

describeWithMosquitto(publicAnswers, `no MQTT broker answers at ${PUBLIC_MOSQUITTO}`)(
  "ingest through the machine's Mosquitto (127.0.0.1:1883, anonymous)",
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ MQTT_URL: PUBLIC_MOSQUITTO });
    });
    afterAll(() => t?.close());

    it('applies presence, inventory and state sent by a gateway', async () => {
      const { network } = await networkTeam(t);
      const { gateway, sn, secret } = await buildGateway(t.db, network.id);
      const client = await connectGateway(PUBLIC_MOSQUITTO, sn, secret);
      try {
        await send(client, sn, 'presence', { online: true, meshReady: true });
        await send(client, sn, 'inventory', {
          seq: 1,
          devices: [{ mac: 'EE0000000001', address: 1, model: 'M', online: true, elements: [{ index: 0, type: 1 }] }],
        });
        await send(client, sn, 'state', {
          seq: 2,
          at: 1_700_000_000,
          devices: [{ mac: 'EE0000000001', elements: [{ index: 0, type: 1, onOff: 1, lightness: 42 }] }],
        });
        const state = await waitFor(
          async () => {
            const [row] = await t.db.select().from(gateways).where(eq(gateways.id, gateway.id));
            return row!.status === 2 && row!.stateSeq === 2 ? row : null;
          },
          10_000,
          'presence and state',
        );
        expect(state).toMatchObject({ status: 2, meshStatus: 1 });
        const [device] = await t.db.select().from(devices).where(eq(devices.gatewayId, gateway.id));
        const [element] = await t.db.select().from(deviceElements).where(eq(deviceElements.deviceId, device!.id));
        expect(element).toMatchObject({ onOff: 1, lightness: 42 });
      } finally {
        // Leave no retained presence behind on the shared broker.
        await client.publishAsync(gatewayTopic(sn, 'presence'), '', { qos: 1, retain: true });
        client.end(true);
      }
    });
  },
);
