import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createConnection, type Socket } from 'node:net';
import { gatewayTopic } from '@lightwell/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { serverMqttPassword } from '../../src/gateway-link/credentials.ts';
import { buildTestApp, describeApi, networkTeam, type TestApp } from '../helpers.ts';
import { buildGateway, waitFor } from './fake-gateway.ts';

const open: { end(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.end();
});

/** A raw TCP connection to the broker, and whether the broker has closed it. */
interface RawConnection {
  socket: Socket;
  closed: Promise<void>;
  isClosed(): boolean;
}

async function openSocket(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  const socket = createConnection({ host: hostname, port: Number(port) });
  let isClosed = false;
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  // The broker resets a socket it closes with bytes unread: the writer then sees EPIPE or ECONNRESET.
  socket.on('error', () => undefined);
  open.push({ end: () => socket.destroy() });
  await once(socket, 'connect');
  return { socket, closed, isClosed: () => isClosed };
}

/** Rejects when `promise` has not settled within `ms` (so that a missing close fails fast, not by the test timeout). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** MQTT "remaining length" (variable byte integer). */
function remainingLength(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

/** A gateway of a network of its own, connected with its sn as client id. */
async function gatewayOfItsOwn(t: TestApp) {
  const { network } = await networkTeam(t);
  return buildGateway(t.db, network.id);
}

/**
 * Connects as a gateway (client id = user = sn unless `options` say otherwise); rejects when the broker
 * refuses the connection or closes it unanswered.
 */
async function connect(url: string, sn: string, secret: string, options: mqtt.IClientOptions = {}) {
  const client = mqtt.connect(url, {
    clientId: sn,
    username: sn,
    password: secret,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    keepalive: 5,
    ...options,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
      client.once('close', () => reject(new Error('closed by the broker')));
    });
  } catch (error) {
    client.end(true);
    throw error;
  }
  open.push({ end: () => client.endAsync(true) });
  return client;
}

/** The console's side: user `lightwell-server` with its own client id prefix; collects what arrives. */
async function observe(t: TestApp, filter: string) {
  const client = await mqtt.connectAsync(t.brokerUrl, {
    clientId: `lightwell-server-test-${randomBytes(4).toString('hex')}`,
    username: 'lightwell-server',
    password: serverMqttPassword(t.app.ctx.keys),
    reconnectPeriod: 0,
  });
  open.push({ end: () => client.endAsync(true) });
  const received: { topic: string; payload: Buffer; retain: boolean }[] = [];
  client.on('message', (topic, payload, packet) => received.push({ topic, payload, retain: packet.retain }));
  await client.subscribeAsync(filter, { qos: 1 });
  return { client, received };
}

/** The next message `client` receives. */
function nextMessage(client: MqttClient): Promise<{ topic: string; body: unknown }> {
  return new Promise((resolve) =>
    client.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString('utf8')) })),
  );
}

/** Whether `client` is closed by the broker within a few seconds after `act`. */
async function closedBy(client: MqttClient, act: () => void): Promise<void> {
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  act();
  await within(closed, 5000, 'close by the broker');
}

describeApi('embedded broker: client ids belong to their user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it("refuses a gateway that connects with another gateway's sn as client id; the other stays connected", async () => {
    const victim = await gatewayOfItsOwn(t);
    const intruder = await gatewayOfItsOwn(t);
    const client = await connect(t.brokerUrl, victim.sn, victim.secret);
    let cutOff = false;
    client.on('close', () => {
      cutOff = true;
    });
    await client.subscribeAsync(gatewayTopic(victim.sn, 'command'), { qos: 1 });

    await expect(connect(t.brokerUrl, intruder.sn, intruder.secret, { clientId: victim.sn })).rejects.toMatchObject({
      code: 2,
    });
    await expect(
      connect(t.brokerUrl, intruder.sn, intruder.secret, {
        clientId: `lightwell-server-${randomBytes(6).toString('hex')}`,
      }),
    ).rejects.toMatchObject({ code: 2 });
    await expect(connect(t.brokerUrl, intruder.sn, intruder.secret, { clientId: '' })).rejects.toMatchObject({
      code: 2,
    });

    // The victim still holds its connection: the console's next command reaches it.
    const command = nextMessage(client);
    await t.app.ctx.link.publish(victim.sn, 'command', { sendInventory: true });
    expect(await within(command, 5000, 'command')).toEqual({
      topic: gatewayTopic(victim.sn, 'command'),
      body: { sendInventory: true },
    });
    expect(cutOff).toBe(false);
    expect(client.connected).toBe(true);
    // With its own sn the other gateway connects.
    expect((await connect(t.brokerUrl, intruder.sn, intruder.secret)).connected).toBe(true);
  });

  it("keeps a gateway's persistent session and its queued commands from any other user", async () => {
    const owner = await gatewayOfItsOwn(t);
    const intruder = await gatewayOfItsOwn(t);
    const first = await connect(t.brokerUrl, owner.sn, owner.secret, { clean: false });
    await first.subscribeAsync(gatewayTopic(owner.sn, 'command'), { qos: 1 });
    await first.endAsync();
    // Queued in the owner's session while it is away.
    await t.app.ctx.link.publish(owner.sn, 'command', { sendInventory: true });

    await expect(
      connect(t.brokerUrl, intruder.sn, intruder.secret, { clientId: owner.sn, clean: false }),
    ).rejects.toMatchObject({ code: 2 });

    const back = mqtt.connect(t.brokerUrl, {
      clientId: owner.sn,
      username: owner.sn,
      password: owner.secret,
      clean: false,
      reconnectPeriod: 0,
    });
    open.push({ end: () => back.endAsync(true) });
    expect(await within(nextMessage(back), 5000, 'queued command')).toEqual({
      topic: gatewayTopic(owner.sn, 'command'),
      body: { sendInventory: true },
    });
  });

  it('lets the console user in only with a lightwell-server- client id', async () => {
    const as = (clientId: string) =>
      mqtt.connectAsync(t.brokerUrl, {
        clientId,
        username: 'lightwell-server',
        password: serverMqttPassword(t.app.ctx.keys),
        reconnectPeriod: 0,
      });
    await expect(as('observer-1')).rejects.toMatchObject({ code: 2 });
    await expect(as('lightwell-server-')).rejects.toMatchObject({ code: 2 });
    const client = await as(`lightwell-server-${randomBytes(4).toString('hex')}`);
    open.push({ end: () => client.endAsync(true) });
    expect(client.connected).toBe(true);
  });
});

describeApi('embedded broker limits at their defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('closes a connection whose CONNECT announces 250 MB before reading its body', async () => {
    const raw = await openSocket(t.brokerUrl);
    raw.socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(250 * 1024 * 1024)]));
    // Keep sending the announced body: a broker that reads it would take all 32 MB (and hold it).
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let written = 0;
    while (!raw.isClosed() && written < 32 * 1024 * 1024) {
      written += chunk.length;
      if (raw.socket.write(chunk)) continue;
      await Promise.race([new Promise((resolve) => raw.socket.once('drain', resolve)), raw.closed]);
    }
    await within(raw.closed, 5000, 'close by the broker');
    expect(written).toBeLessThan(32 * 1024 * 1024);
  });

  it('closes a connection whose CONNECT announces more than 64 kB, below the packet limit of gateways', async () => {
    const raw = await openSocket(t.brokerUrl);
    raw.socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(200 * 1024)]));
    await within(raw.closed, 5000, 'close by the broker');
  });

  it('closes a gateway that publishes more than 1 MiB and delivers nothing of it, and takes 0.8 MB', async () => {
    const { sn, secret } = await gatewayOfItsOwn(t);
    const console_ = await observe(t, `lw/gw/${sn}/#`);
    const client = await connect(t.brokerUrl, sn, secret);
    const topic = gatewayTopic(sn, 'report');
    await closedBy(client, () => client.publish(topic, Buffer.alloc(1_100_000, 0x20), { qos: 1 }, () => undefined));

    // Back with a message within the limit: it arrives, the large one never did.
    const again = await connect(t.brokerUrl, sn, secret);
    await again.publishAsync(topic, Buffer.alloc(800_000, 0x21), { qos: 1 });
    await waitFor(() => console_.received.length > 0, 5000, 'the message within the limit');
    expect(console_.received.map((m) => m.payload.length)).toEqual([800_000]);
  });

  it('stores 16 retained messages of one gateway and delivers the rest without keeping them', async () => {
    const { sn, secret } = await gatewayOfItsOwn(t);
    const client = await connect(t.brokerUrl, sn, secret);
    const live = await observe(t, `lw/gw/${sn}/#`);
    for (let i = 0; i < 20; i++) {
      await client.publishAsync(`lw/gw/${sn}/r${i}`, Buffer.alloc(1000, 0x30 + (i % 10)), { qos: 1, retain: true });
    }
    await waitFor(() => live.received.length === 20, 5000, 'the 20 messages live');

    // A new subscriber is replayed what the broker kept. The replay is streamed beside live messages, so a
    // live marker may overtake it: first wait for the 16 kept ones, then for a marker sent after them, by
    // which time a 17th would have come with the rest of the replay.
    const later = await observe(t, `lw/gw/${sn}/#`);
    const retained = () => later.received.filter((m) => m.retain);
    await waitFor(() => retained().length >= 16, 5000, 'the 16 kept messages replayed');
    await client.publishAsync(gatewayTopic(sn, 'report'), 'marker', { qos: 1 });
    await waitFor(() => later.received.some((m) => m.payload.toString() === 'marker'), 5000, 'the marker');
    const replayed = retained().map((m) => m.topic);
    expect(replayed.sort()).toEqual(Array.from({ length: 16 }, (_, i) => `lw/gw/${sn}/r${i}`).sort());
  });
});

describeApi('embedded broker limits from their settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      MQTT_CONNECT_TIMEOUT_MS: '300',
      MQTT_MAX_CONNECTIONS_PER_ADDRESS: '3',
      MQTT_MAX_PACKET_BYTES: '4096',
      MQTT_RETAINED_PER_GATEWAY: '2',
    });
  });
  afterAll(() => t?.close());

  it('closes a socket that sends no CONNECT, or only part of one, after MQTT_CONNECT_TIMEOUT_MS', async () => {
    const silent = await openSocket(t.brokerUrl);
    const partial = await openSocket(t.brokerUrl);
    partial.socket.write(Buffer.concat([Buffer.from([0x10]), remainingLength(100), Buffer.alloc(10)]));
    await within(Promise.all([silent.closed, partial.closed]), 5000, 'close by the broker');
  });

  it('closes connections beyond MQTT_MAX_CONNECTIONS_PER_ADDRESS; the console does not count', async () => {
    const gateways = await Promise.all([1, 2, 3, 4].map(() => gatewayOfItsOwn(t)));
    // Three gateways from this address (connections of earlier tests may still be closing on the broker).
    const held: MqttClient[] = [];
    for (const { sn, secret } of gateways.slice(0, 3)) {
      held.push(await waitFor(() => connect(t.brokerUrl, sn, secret).catch(() => null), 5000, `${sn} connected`));
    }
    const fourth = gateways[3]!;
    const raw = await openSocket(t.brokerUrl);
    await within(raw.closed, 5000, 'close of the fourth connection');
    await expect(connect(t.brokerUrl, fourth.sn, fourth.secret)).rejects.toThrow();
    expect(held.every((client) => client.connected)).toBe(true);

    await held[0]!.endAsync();
    const admitted = await waitFor(
      () => connect(t.brokerUrl, fourth.sn, fourth.secret).catch(() => null),
      5000,
      'the fourth gateway once one left',
    );
    expect(admitted.connected).toBe(true);
  });

  it('closes a gateway whose packet exceeds MQTT_MAX_PACKET_BYTES; the console is not limited', async () => {
    const { sn, secret } = await gatewayOfItsOwn(t);
    const topic = gatewayTopic(sn, 'report');
    const console_ = await observe(t, topic);
    const client = await connect(t.brokerUrl, sn, secret);
    await client.subscribeAsync(gatewayTopic(sn, 'command'), { qos: 1 });
    // The console's own connection sends larger packets (a command for a large mesh) after it authenticated.
    const command = nextMessage(client);
    const large = { pad: 'x'.repeat(5000) };
    await console_.client.publishAsync(gatewayTopic(sn, 'command'), JSON.stringify(large), { qos: 1 });
    expect((await within(command, 5000, 'the large command')).body).toEqual(large);

    await client.publishAsync(topic, Buffer.alloc(3000, 0x21), { qos: 1 });
    await closedBy(client, () => client.publish(topic, Buffer.alloc(5000, 0x20), { qos: 1 }, () => undefined));
    await waitFor(() => console_.received.length > 0, 5000, 'the message within the limit');
    expect(console_.received.map((m) => m.payload.length)).toEqual([3000]);
  });

  it('keeps MQTT_RETAINED_PER_GATEWAY retained topics; clearing one frees its place', async () => {
    const { sn, secret } = await gatewayOfItsOwn(t);
    const client = await connect(t.brokerUrl, sn, secret);
    const retain = (topic: string, payload: string) => client.publishAsync(topic, payload, { qos: 1, retain: true });
    // What a new subscriber is replayed: at least `kept` messages, then a marker sent after them (the replay is
    // streamed beside live messages, so a marker sent at once may overtake it).
    const replayed = async (kept: number) => {
      const later = await observe(t, `lw/gw/${sn}/#`);
      await waitFor(() => later.received.filter((m) => m.retain).length >= kept, 5000, 'the kept messages');
      await client.publishAsync(gatewayTopic(sn, 'report'), 'marker', { qos: 1 });
      await waitFor(() => later.received.some((m) => m.payload.toString() === 'marker'), 5000, 'the marker');
      await later.client.endAsync(true);
      return Object.fromEntries(later.received.filter((m) => m.retain).map((m) => [m.topic, m.payload.toString()]));
    };
    const presence = gatewayTopic(sn, 'presence');
    await retain(presence, '{"online":true}');
    await retain(`lw/gw/${sn}/a`, 'a1');
    await retain(`lw/gw/${sn}/b`, 'b1');
    await retain(`lw/gw/${sn}/a`, 'a2');
    expect(await replayed(2)).toEqual({ [presence]: '{"online":true}', [`lw/gw/${sn}/a`]: 'a2' });

    await retain(`lw/gw/${sn}/a`, '');
    await retain(`lw/gw/${sn}/b`, 'b2');
    expect(await replayed(2)).toEqual({ [presence]: '{"online":true}', [`lw/gw/${sn}/b`]: 'b2' });
  });
});
