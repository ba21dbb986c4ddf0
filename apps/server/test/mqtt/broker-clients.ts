// What the embedded broker's tests share: raw sockets and MQTT clients to it, closed after each test.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createConnection, type Socket } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { serverMqttPassword } from '../../src/gateway-link/credentials.ts';
import { networkTeam, type TestApp } from '../helpers.ts';
import { buildGateway } from './fake-gateway.ts';

const open: { end(): unknown }[] = [];

/** Closes `item` after the test. */
export function closeAfterTest(item: { end(): unknown }): void {
  open.push(item);
}

/** Closes every socket and client the helpers below, or `closeAfterTest`, opened (after each test). */
export async function closeOpen(): Promise<void> {
  for (const item of open.splice(0).reverse()) await item.end();
}

/** A raw TCP connection to the broker, and whether the broker has closed it. */
interface RawConnection {
  socket: Socket;
  closed: Promise<void>;
  isClosed(): boolean;
}

export async function openSocket(url: string): Promise<RawConnection> {
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
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** MQTT "remaining length" (variable byte integer). */
export function remainingLength(value: number): Buffer {
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
export async function gatewayOfItsOwn(t: TestApp) {
  const { network } = await networkTeam(t);
  return buildGateway(t.db, network.id);
}

/**
 * Connects as a gateway (client id = user = sn unless `options` say otherwise); rejects when the broker
 * refuses the connection or closes it unanswered.
 */
export async function connect(url: string, sn: string, secret: string, options: mqtt.IClientOptions = {}) {
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
export async function observe(t: TestApp, filter: string) {
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
export function nextMessage(client: MqttClient): Promise<{ topic: string; body: unknown }> {
  return new Promise((resolve) =>
    client.once('message', (topic, payload) => resolve({ topic, body: JSON.parse(payload.toString('utf8')) })),
  );
}

/** Whether `client` is closed by the broker within a few seconds after `act`. */
export async function closedBy(client: MqttClient, act: () => void): Promise<void> {
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  act();
  await within(closed, 5000, 'close by the broker');
}
