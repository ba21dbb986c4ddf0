import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { gatewayTopic } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { gateways } from '../../src/db/schema.ts';
import { serverMqttPassword } from '../../src/gateway-link/credentials.ts';
import { buildTestApp, describeApi, networkTeam, type TestApp } from '../helpers.ts';
import { closeAfterTest, closeOpen } from '../mqtt/broker-clients.ts';
import { buildGateway, connectGateway, grantedQos, send, waitFor } from '../mqtt/fake-gateway.ts';
import { describeWithMosquitto, MOSQUITTO, startMosquitto, type TestMosquitto } from '../mqtt/mosquitto.ts';

afterEach(closeOpen);

/** Two gateways of one network: A connects and tries B's topics and the console's. */
interface Pair {
  nid: number;
  a: { sn: string; secret: string; id: number };
  b: { sn: string; id: number };
}

/** Connects as the console's broker user, watching every topic of the protocol; answers what arrives. */
async function consoleObserver(url: string, password: string) {
  const client = await mqtt.connectAsync(url, {
    clientId: `lightwell-server-test-${randomBytes(4).toString('hex')}`,
    username: 'lightwell-server',
    password,
    reconnectPeriod: 0,
  });
  closeAfterTest({ end: () => client.endAsync(true) });
  const seen: { topic: string; payload: string }[] = [];
  client.on('message', (topic, payload) => seen.push({ topic, payload: payload.toString('utf8') }));
  await client.subscribeAsync('lw/#', { qos: 1 });
  return seen;
}

/**
 * Publishes `payload` on `topic` as gateway A, on a connection of its own, and answers once the broker has
 * dealt with it: the embedded broker closes a connection that publishes outside its topics, Mosquitto drops
 * the message and acknowledges the next one on the same connection.
 */
async function forge(url: string, a: Pair['a'], topic: string, payload: string) {
  const client = await connectGateway(url, a.sn, a.secret, { will: undefined });
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  client.publish(topic, payload, { qos: 0 });
  await Promise.race([closed, client.publishAsync(`lw/gw/${a.sn}/probe`, '{}', { qos: 1 }).catch(() => undefined)]);
  await client.endAsync(true);
}

const gatewayRow = async (t: TestApp, id: number) =>
  (await t.db.select().from(gateways).where(eq(gateways.id, id)))[0]!;

/** A hears no command the console sends B, though it asks for B's topics, lw/srv/# and everything. */
async function hearsOnlyItsOwnCommands(t: TestApp, gatewayA: MqttClient, { a, b }: Pair) {
  const heard: string[] = [];
  gatewayA.on('message', (topic) => heard.push(topic));
  for (const topic of [gatewayTopic(b.sn, 'command'), `lw/gw/${b.sn}/#`, 'lw/srv/#', 'lw/gw/+/cmd', '#']) {
    await grantedQos(gatewayA, topic);
  }
  expect(await grantedQos(gatewayA, gatewayTopic(a.sn, 'command'))).toBe(1);
  await t.app.ctx.link.publish(b.sn, 'command', { sendInventory: true });
  await t.app.ctx.link.publish(a.sn, 'command', { sendInventory: true });
  await waitFor(() => heard.includes(gatewayTopic(a.sn, 'command')), 5000, "A's own command");
  expect(heard.filter((topic) => !topic.startsWith(`lw/gw/${a.sn}/`))).toEqual([]);
}

/** What A publishes as B or as the console reaches neither the console's state nor its broker user. */
async function publishesOnlyAsItself(t: TestApp, url: string, seen: { topic: string; payload: string }[], pair: Pair) {
  const { nid, a, b } = pair;
  const mark = `forged-${randomBytes(4).toString('hex')}`;
  const before = await gatewayRow(t, b.id);
  await forge(
    url,
    a,
    gatewayTopic(b.sn, 'presence'),
    JSON.stringify({ online: true, meshReady: true, firmware: mark }),
  );
  for (const topic of [gatewayTopic(b.sn, 'command'), gatewayTopic(b.sn, 'report'), `lw/srv/live/${nid}`, 'lw/srv/x']) {
    await forge(url, a, topic, JSON.stringify({ online: true, forged: mark }));
  }
  // A's own presence comes last: once the console applied it, anything delivered before would have been.
  const gatewayA = await connectGateway(url, a.sn, a.secret);
  closeAfterTest({ end: () => gatewayA.endAsync(true) });
  await send(gatewayA, a.sn, 'presence', { online: true, meshReady: true, firmware: '4.2' });
  await waitFor(async () => (await gatewayRow(t, a.id)).status === 2, 5000, "A's presence applied");
  await waitFor(() => seen.some(({ topic }) => topic === gatewayTopic(a.sn, 'presence')), 5000, "A's presence seen");
  expect(await gatewayRow(t, b.id)).toEqual(before);
  expect(seen.filter(({ topic, payload }) => payload.includes(mark) || topic.startsWith(`lw/gw/${b.sn}/`))).toEqual([]);
}

describeApi('a gateway is confined to its own topics on the embedded broker', () => {
  let t: TestApp;
  let pair: Pair;
  beforeAll(async () => {
    t = await buildTestApp();
    const { network } = await networkTeam(t);
    const a = await buildGateway(t.db, network.id);
    const b = await buildGateway(t.db, network.id);
    pair = { nid: network.id, a: { sn: a.sn, secret: a.secret, id: a.gateway.id }, b: { sn: b.sn, id: b.gateway.id } };
  });
  afterAll(() => t?.close());

  it("A subscribing to B's command topic gets nothing when the console commands B", async () => {
    const gatewayA = await connectGateway(t.brokerUrl, pair.a.sn, pair.a.secret);
    closeAfterTest({ end: () => gatewayA.endAsync(true) });
    await hearsOnlyItsOwnCommands(t, gatewayA, pair);
  });

  it("A publishing on B's topics and on lw/srv/# is not delivered to the console", async () => {
    const seen = await consoleObserver(t.brokerUrl, serverMqttPassword(t.app.ctx.keys));
    await publishesOnlyAsItself(t, t.brokerUrl, seen, pair);
  });
});

const SERVER_PASSWORD = `server-${randomBytes(8).toString('hex')}`;

describeWithMosquitto(existsSync(MOSQUITTO), `${MOSQUITTO} is not installed`)(
  'a gateway is confined to its own topics on Mosquitto with deploy/mosquitto/acl',
  () => {
    let broker: TestMosquitto;
    let t: TestApp;
    let pair: Pair;
    const a = { sn: `gw-sa-${randomBytes(4).toString('hex')}`, secret: `sa-${randomBytes(8).toString('hex')}` };
    const b = { sn: `gw-sb-${randomBytes(4).toString('hex')}`, secret: `sb-${randomBytes(8).toString('hex')}` };
    beforeAll(async () => {
      broker = await startMosquitto({ 'lightwell-server': SERVER_PASSWORD, [a.sn]: a.secret, [b.sn]: b.secret });
      t = await buildTestApp({ MQTT_URL: `mqtt://lightwell-server:${SERVER_PASSWORD}@127.0.0.1:${broker.port}` });
      const { network } = await networkTeam(t);
      const rowA = await buildGateway(t.db, network.id, { sn: a.sn });
      const rowB = await buildGateway(t.db, network.id, { sn: b.sn });
      pair = { nid: network.id, a: { ...a, id: rowA.gateway.id }, b: { sn: b.sn, id: rowB.gateway.id } };
    });
    afterAll(async () => {
      await t?.close();
      await broker?.stop();
    });

    it("A subscribing to B's command topic gets nothing when the console commands B", async () => {
      const gatewayA = await connectGateway(broker.url, a.sn, a.secret);
      closeAfterTest({ end: () => gatewayA.endAsync(true) });
      await hearsOnlyItsOwnCommands(t, gatewayA, pair);
    });

    it("A publishing on B's topics and on lw/srv/# is not delivered to the console", async () => {
      const seen = await consoleObserver(broker.url, SERVER_PASSWORD);
      await publishesOnlyAsItself(t, broker.url, seen, pair);
    });
  },
);
