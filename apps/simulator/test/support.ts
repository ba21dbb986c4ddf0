import { randomBytes } from 'node:crypto';
import { createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import { GATEWAY_ID_PATTERN, gatewayMayUse, gatewayTopic } from '@lightwell/domain';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { SimDeviceSpec } from '../src/devices.ts';

/** A mesh with one device of every kind (the MACs in both notations). */
export const MESH: SimDeviceSpec[] = [
  { mac: 'AA:00:00:00:00:01', address: 2, kind: 'dt6', model: 'T-DT6', onOff: 1, lightness: 60 },
  { mac: 'AA0000000002', address: 3, kind: 'dt8', model: 'T-DT8', onOff: 0, cct: 3000 },
  { mac: 'AA0000000003', address: 4, kind: 'd4i', model: 'T-D4I', ratedPower: 40 },
  { mac: 'AA0000000004', address: 5, kind: 'motionSensor', model: 'T-PIR' },
  { mac: 'AA0000000005', address: 6, kind: 'lightSensor', model: 'T-LUX' },
  { mac: 'AA0000000006', address: 7, kind: 'pushButton', model: 'T-BTN' },
  { mac: 'AA0000000007', address: 8, kind: 'panel', model: 'T-PANEL' },
  { mac: 'AA0000000008', address: 9, kind: 'emergencyOne', model: 'T-EM1' },
  { mac: 'AA0000000009', address: 10, kind: 'emergencyTwo', model: 'T-EM2' },
];
/** Command targets: the devices of `MESH` at these indexes. */
export const targets = (...indexes: number[]) =>
  indexes.map((i) => ({ mac: MESH[i]!.mac.replace(/:/g, ''), address: MESH[i]!.address }));

const CONSOLE_USER = 'lightwell-server';
const CONSOLE_PASSWORD = 'console-test-password';

/** An aedes broker that checks gateway credentials and topics as the console's embedded one does. */
export interface TestBroker {
  url: string;
  port: number;
  secrets: Map<string, string>;
  close(): Promise<void>;
}

export async function startTestBroker(
  port = 0,
  secrets = new Map<string, string>(),
  /** Let any gateway id in with any password (for fleets with generated secrets). */
  open = false,
): Promise<TestBroker> {
  const users = new WeakMap<object, string>();
  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      const ok =
        (username === CONSOLE_USER && secret === CONSOLE_PASSWORD) ||
        (!!username && GATEWAY_ID_PATTERN.test(username) && (open || secrets.get(username) === secret));
      if (!ok) return done(Object.assign(new Error('bad user name or password'), { returnCode: 4 as const }), false);
      users.set(client, username!);
      return done(null, true);
    },
    authorizePublish(client, packet, callback) {
      const user = client ? users.get(client) : CONSOLE_USER;
      if (user === CONSOLE_USER || (user && gatewayMayUse(user, packet.topic))) return callback(null);
      return callback(new Error('not permitted'));
    },
    authorizeSubscribe(client, subscription, callback) {
      const user = users.get(client);
      if (user === CONSOLE_USER || (user && gatewayMayUse(user, subscription.topic)))
        return callback(null, subscription);
      return callback(null, null);
    },
  });
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    broker.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as { port: number }).port;
  return {
    url: `mqtt://127.0.0.1:${actual}`,
    port: actual,
    secrets,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** CI (`CI` set) must run the Mosquitto tests: there a missing broker fails them instead of skipping them. */
export const MOSQUITTO_REQUIRED = !['', '0', 'false'].includes(process.env.CI ?? '');

/** Whether Mosquitto listens on 127.0.0.1:1883. */
export function mosquittoAvailable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect({ host: '127.0.0.1', port: 1883 });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A unique gateway id for one test (Mosquitto keeps retained messages between runs). */
export const uniqueSn = (label: string) => `t-${label}-${randomBytes(4).toString('hex')}`;

interface Received {
  topic: string;
  body: Record<string, unknown>;
}

/** The console's side in tests: subscribes to a gateway's topics, collects what arrives, sends commands. */
export class ConsoleProbe {
  readonly messages: Received[] = [];
  private waiters: { match: (message: Received) => boolean; resolve: (message: Received) => void }[] = [];

  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      const message = { topic, body: JSON.parse(payload.toString('utf8')) as Record<string, unknown> };
      this.messages.push(message);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(message)) return true;
        waiter.resolve(message);
        return false;
      });
    });
  }

  static async connect(url: string, sn: string): Promise<ConsoleProbe> {
    const client = await mqtt.connectAsync(url, {
      username: CONSOLE_USER,
      password: CONSOLE_PASSWORD,
      clientId: `console-${randomBytes(4).toString('hex')}`,
      reconnectPeriod: 200,
    });
    const probe = new ConsoleProbe(client);
    await client.subscribeAsync(`lw/gw/${sn}/#`, { qos: 1 });
    return probe;
  }

  /** Resolves with the first message (already received or coming) that matches. */
  next(channel: string, match: (body: Record<string, unknown>) => boolean = () => true, timeoutMs = 5000) {
    const test = (message: Received) => message.topic.endsWith(`/${channel}`) && match(message.body);
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen.body);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${channel} message within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match: test,
        resolve: (message) => {
          clearTimeout(timer);
          resolve(message.body);
        },
      });
    });
  }

  all(channel: string, match: (body: Record<string, unknown>) => boolean = () => true) {
    return this.messages
      .filter((message) => message.topic.endsWith(`/${channel}`) && match(message.body))
      .map((m) => m.body);
  }

  async command(sn: string, message: unknown): Promise<void> {
    await this.client.publishAsync(gatewayTopic(sn, 'command'), JSON.stringify(message), { qos: 1 });
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
