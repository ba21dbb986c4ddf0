import { gatewayTopic } from '@lightwell/domain';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeApi, type TestApp } from '../helpers.ts';
import {
  closedBy,
  closeOpen,
  connect,
  gatewayOfItsOwn,
  nextMessage,
  observe,
  openSocket,
  remainingLength,
  within,
} from './broker-clients.ts';
import { waitFor } from './fake-gateway.ts';

afterEach(closeOpen);

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
