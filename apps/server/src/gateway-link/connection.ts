import { randomBytes } from 'node:crypto';
import {
  allGatewaysFilter,
  LIVE_FILTER,
  type LiveEvent,
  LiveEventSchema,
  liveTopic,
  TOPIC_ROOT,
} from '@lightwell/domain';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ServerKeys } from '../lib/server-keys.ts';
import type { LiveHub, UsersChangedHandler } from '../link-types.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker.ts';
import { SERVER_MQTT_USER, serverMqttPassword } from './credentials.ts';
import { endWithin } from './end-client.ts';

/*
 * The broker connection of one server process (docs/gateway-protocol.md): the embedded broker unless
 * `MQTT_URL` is set, the console's MQTT client, its subscriptions, and the console-internal topics (live
 * updates to browsers, revoked gateways, changed users) that reach every process.
 */

/** Console-internal topic on which a deleted or re-keyed gateway is announced to every process. */
const REVOKE_TOPIC = `${TOPIC_ROOT}/srv/revoke`;
/** Console-internal topic on which users whose sessions or rows changed are announced (session caches). */
const USERS_TOPIC = `${TOPIC_ROOT}/srv/users`;
/** How long a closing console waits for its in-flight MQTT messages to be acknowledged. */
const CLOSE_GRACE_MS = 2000;

/** What the connection needs: settings, the database (broker credentials), keys and the log. */
export interface ConnectionOptions {
  config: Config;
  db: Db;
  /** Keys derived from the server-only secret (the console's broker password). */
  keys: ServerKeys;
  log: FastifyBaseLogger;
}

/** One process's connection to the broker. */
export interface BrokerConnection {
  /** URL gateways connect to (the embedded broker's, or `MQTT_URL` without credentials). */
  readonly brokerUrl: string;
  /** Live updates to browsers, through the broker. */
  readonly live: LiveHub;
  /** Whether the console's MQTT client is connected to the broker now (it reconnects on its own). */
  readonly connected: boolean;
  /** Publishes a text payload at QoS 1; resolves when the broker has it. */
  publish(topic: string, payload: string): Promise<void>;
  /** Forgets a gateway's cached credentials and ends its connection here, and announces it to every process. */
  revoke(gatewaySn: string): Promise<void>;
  /** Announces changed users to every process, without waiting for the broker (see `GatewayLink`). */
  announceUsersChanged(uids: readonly number[]): void;
  /** See `GatewayLink.onUsersChanged`. */
  onUsersChanged(handler: UsersChangedHandler): () => void;
  close(): Promise<void>;
}

function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.toString().replace(/\/$/, '');
}

const clientId = () => `lightwell-server-${randomBytes(6).toString('hex')}`;

/** Starts the embedded broker unless `MQTT_URL` is set; answers where to connect and how. */
async function startBroker(options: ConnectionOptions) {
  const { config, db, log } = options;
  const clientOptions: mqtt.IClientOptions = {
    clientId: clientId(),
    clean: true,
    keepalive: 30,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    resubscribe: true,
  };
  if (config.mqttUrl) {
    return { broker: null, connectUrl: config.mqttUrl, brokerUrl: withoutCredentials(config.mqttUrl), clientOptions };
  }
  const broker: EmbeddedBroker = await startEmbeddedBroker({
    db,
    serverPassword: serverMqttPassword(options.keys),
    host: config.mqttHost,
    port: config.mqttPort,
    maxPacketBytes: config.mqttMaxPacketBytes,
    connectTimeoutMs: config.mqttConnectTimeoutMs,
    maxConnectionsPerAddress: config.mqttMaxConnectionsPerAddress,
    retainedPerGateway: config.mqttRetainedPerGateway,
    log,
  });
  const host = config.mqttHost === '0.0.0.0' || config.mqttHost === '::' ? '127.0.0.1' : config.mqttHost;
  const connectUrl = `mqtt://${host}:${broker.port}`;
  clientOptions.username = SERVER_MQTT_USER;
  clientOptions.password = serverMqttPassword(options.keys);
  return { broker, connectUrl, brokerUrl: connectUrl, clientOptions };
}

/**
 * What gateways send, and live updates and revocations of every process. Several server processes on one
 * external broker share the gateway messages (each is applied once); presence is retained and subscribed by
 * every process.
 */
function subscriptionsOf(config: Config): Record<string, { qos: 1 }> {
  const shared = (filter: string) => (config.mqttUrl ? `$share/${config.mqttShareGroup}/${filter}` : filter);
  return {
    [allGatewaysFilter('presence')]: { qos: 1 },
    [shared(allGatewaysFilter('ack'))]: { qos: 1 },
    [shared(allGatewaysFilter('state'))]: { qos: 1 },
    [shared(allGatewaysFilter('inventory'))]: { qos: 1 },
    [shared(allGatewaysFilter('report'))]: { qos: 1 },
    [LIVE_FILTER]: { qos: 1 },
    [REVOKE_TOPIC]: { qos: 1 },
    [USERS_TOPIC]: { qos: 1 },
  };
}

/** Resolves on the client's first connection, rejects on an error before it. */
function firstConnection(client: MqttClient): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => {
      client.off('connect', onConnect);
      reject(error);
    };
    const onConnect = () => {
      client.off('error', onError);
      resolve();
    };
    client.once('connect', onConnect);
    client.once('error', onError);
  });
}

/**
 * Connects this process to the broker and subscribes; a message on a gateway's topic goes to
 * `onGatewayMessage`. Gateways are let in to the embedded broker once the console listens.
 */
export async function connectToBroker(
  options: ConnectionOptions,
  onGatewayMessage: (topic: string, payload: Buffer) => void,
): Promise<BrokerConnection> {
  const { config, log } = options;
  const { broker, connectUrl, brokerUrl, clientOptions } = await startBroker(options);
  const liveListeners = new Map<number, Set<(event: LiveEvent) => void>>();
  const usersChanged = new Set<UsersChangedHandler>();
  let closed = false;
  // A failed first connection fails the start (which explains it); once closing, a late acknowledgement
  // may meet the ended socket: nothing to report in either case.
  let connectedOnce = false;
  const client: MqttClient = mqtt.connect(connectUrl, clientOptions);
  client.on('connect', () => {
    (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
    // Back after a break: announcements may have been missed while the connection was down.
    if (connectedOnce) tellUsersChanged(usersChanged, null, log);
  });
  client.on('error', (error) => {
    if (connectedOnce && !closed) log.warn({ err: error }, 'MQTT client error');
  });
  client.on('message', (topic, payload) => {
    if (!topic.startsWith(`${TOPIC_ROOT}/srv/`)) onGatewayMessage(topic, payload);
    else if (topic === REVOKE_TOPIC) broker?.revoke(payload.toString('utf8'));
    else if (topic === USERS_TOPIC) tellUsersChanged(usersChanged, uidsOf(payload), log);
    else deliverLive(liveListeners, payload, log);
  });
  await firstConnection(client);
  connectedOnce = true;
  await client.subscribeAsync(subscriptionsOf(config));
  broker?.acceptGateways();

  const publish = async (topic: string, payload: string) => {
    await client.publishAsync(topic, payload, { qos: 1 });
  };
  return {
    brokerUrl,
    get connected() {
      return !closed && client.connected;
    },
    live: liveHub(liveListeners, async (event) => {
      if (closed) return;
      await publish(liveTopic(event.nid), JSON.stringify(event));
    }),
    publish,
    async revoke(gatewaySn) {
      broker?.revoke(gatewaySn);
      if (!closed) await publish(REVOKE_TOPIC, gatewaySn);
    },
    announceUsersChanged(uids) {
      if (closed || uids.length === 0) return;
      publish(USERS_TOPIC, JSON.stringify(uids)).catch((error) =>
        log.warn({ err: error }, 'changed users not announced'),
      );
    },
    onUsersChanged(handler) {
      usersChanged.add(handler);
      return () => usersChanged.delete(handler);
    },
    async close() {
      closed = true;
      await endWithin(client, CLOSE_GRACE_MS);
      await broker?.close();
    },
  };
}

/** The user ids of a changed-users announcement (a JSON array), or none when it is not one. */
function uidsOf(payload: Buffer): number[] {
  try {
    const value: unknown = JSON.parse(payload.toString('utf8'));
    return Array.isArray(value) ? value.filter((uid): uid is number => Number.isInteger(uid)) : [];
  } catch {
    return [];
  }
}

function tellUsersChanged(
  handlers: Set<UsersChangedHandler>,
  uids: readonly number[] | null,
  log: FastifyBaseLogger,
): void {
  if (uids?.length === 0) return;
  for (const handler of handlers) {
    try {
      handler(uids);
    } catch (error) {
      log.warn({ err: error }, 'changed-users handler failed');
    }
  }
}

/** Hands a live update from the broker to this process's browser streams of its network. */
function deliverLive(
  listeners: Map<number, Set<(event: LiveEvent) => void>>,
  payload: Buffer,
  log: FastifyBaseLogger,
): void {
  let event: LiveEvent;
  try {
    event = LiveEventSchema.parse(JSON.parse(payload.toString('utf8')));
  } catch {
    return;
  }
  for (const listener of listeners.get(event.nid) ?? []) {
    try {
      listener(event);
    } catch (error) {
      log.warn({ err: error }, 'live listener failed');
    }
  }
}

/** The live hub over the broker's `lw/srv/live/<nid>` topics. */
function liveHub(
  listeners: Map<number, Set<(event: LiveEvent) => void>>,
  publish: (event: LiveEvent) => Promise<void>,
): LiveHub {
  return {
    publish,
    subscribe(nid, listener) {
      let set = listeners.get(nid);
      if (!set) {
        set = new Set();
        listeners.set(nid, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(nid) === set) listeners.delete(nid);
      };
    },
  };
}
