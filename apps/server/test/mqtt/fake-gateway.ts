import { randomBytes } from 'node:crypto';
import { type GatewayChannelName, gatewayTopic } from '@lightwell/domain';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { Db } from '../../src/db/client.ts';
import { gateways } from '../../src/db/schema.ts';
import { hashGatewaySecret } from '../../src/gateway-link/credentials.ts';

/** A gateway row with a known secret (factory); `sn` is unique across test runs on a shared broker. */
export async function buildGateway(db: Db, nid: number, overrides: Partial<typeof gateways.$inferInsert> = {}) {
  const sn = overrides.sn ?? `gw-${randomBytes(5).toString('hex')}`;
  const secret = `secret-${randomBytes(8).toString('hex')}`;
  const [row] = await db
    .insert(gateways)
    .values({ nid, name: `Gateway ${sn}`, secretHash: hashGatewaySecret(secret), ...overrides, sn })
    .returning();
  return { gateway: row!, sn, secret };
}

/**
 * Connects as a gateway would: client id = user = sn, password = secret, a retained `{online:false}` last
 * will on its presence topic. Rejects when the broker refuses the connection.
 */
export async function connectGateway(
  url: string,
  sn: string,
  secret: string,
  options: IClientOptions = {},
): Promise<MqttClient> {
  const client = mqtt.connect(url, {
    clientId: sn,
    username: sn,
    password: secret,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    keepalive: 5,
    will: {
      topic: gatewayTopic(sn, 'presence'),
      payload: Buffer.from(JSON.stringify({ online: false })),
      qos: 1,
      retain: true,
    },
    ...options,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => {
      (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
      resolve();
    });
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
  return client;
}

/** Publishes a JSON message on a gateway channel at QoS 1 (retained for presence). */
export async function send(client: MqttClient, sn: string, channel: GatewayChannelName, message: unknown) {
  await client.publishAsync(gatewayTopic(sn, channel), JSON.stringify(message), {
    qos: 1,
    retain: channel === 'presence',
  });
}

/** Polls `probe` until it answers a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(
  probe: () => Promise<T> | T,
  timeoutMs = 5000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Kills the connection without a DISCONNECT packet, so the broker publishes the last will. */
export function dropConnection(client: MqttClient): void {
  client.stream.destroy();
  client.end(true);
}

/** The QoS the broker granted for one subscription, or 128 when it refused it. */
export async function grantedQos(client: MqttClient, topic: string): Promise<number> {
  try {
    const [grant] = await client.subscribeAsync(topic, { qos: 1 });
    return grant?.qos ?? 128;
  } catch {
    return 128;
  }
}
