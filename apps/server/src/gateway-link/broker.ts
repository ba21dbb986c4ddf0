import { createServer, type Server, type Socket } from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { type Admission, type BrokerClients, brokerAccess } from './broker-access.ts';
import {
  AddressQuota,
  addressKey,
  CONNECT_MAX_BYTES,
  guardReads,
  PacketSizeGuard,
  RetainedQuota,
} from './broker-limits.ts';

export interface EmbeddedBrokerOptions {
  db: Db;
  /** Password of the console's own user (`serverMqttPassword`). */
  serverPassword: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Largest packet a gateway (or a client not yet authenticated) may send, fixed header included. */
  maxPacketBytes: number;
  /** Milliseconds a socket may stay open before its CONNECT has arrived. */
  connectTimeoutMs: number;
  /** Open connections one client address may hold (the console's own connection does not count). */
  maxConnectionsPerAddress: number;
  /** Topics on which one gateway may have a retained message stored. */
  retainedPerGateway: number;
  log: FastifyBaseLogger;
}

/** The embedded broker (aedes) with the console's authenticator and per-gateway authorizer. */
export interface EmbeddedBroker {
  /** Port it listens on. */
  readonly port: number;
  /** Forgets a gateway's cached credentials and closes its connections. */
  revoke(sn: string): void;
  /** Number of connected clients. */
  readonly connectedClients: number;
  /**
   * Lets gateways in: until then they are refused as "server unavailable" (and retry), so nothing a gateway
   * publishes reaches the broker before the console has subscribed (aedes acknowledges a message nobody
   * subscribed to and drops it: a gateway announcing itself then would not be known).
   */
  acceptGateways(): void;
  close(): Promise<void>;
}

/**
 * Starts the embedded MQTT broker. Who may connect: the console (`lightwell-server` with the password
 * derived from the server-only secret) and each gateway with its sn and secret, each with the client id
 * of its user (`clientIdFits`). A gateway may publish and subscribe only under `lw/gw/<sn>/`; the console
 * everywhere. Limits (docs/gateway-protocol.md, "Embedded broker limits"): packet size, connect timeout,
 * connections per address and retained messages per gateway.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { log } = options;
  const clients: BrokerClients = {
    users: new WeakMap(),
    byUser: new Map(),
    hashCache: new Map(),
    admissions: new WeakMap(),
    perAddress: new AddressQuota(options.maxConnectionsPerAddress, (address) =>
      log.warn(
        { address, maxConnectionsPerAddress: options.maxConnectionsPerAddress },
        'MQTT connections from one address at the limit, further ones closed',
      ),
    ),
    retained: new RetainedQuota(options.retainedPerGateway),
    gatewaysWelcome: false,
  };
  const broker = await Aedes.createBroker({
    connectTimeout: options.connectTimeoutMs,
    ...brokerAccess(options, clients),
  });
  broker.on('clientReady', (client) => {
    const user = clients.users.get(client);
    if (!user) return;
    let set = clients.byUser.get(user);
    if (!set) {
      set = new Set();
      clients.byUser.set(user, set);
    }
    set.add(client);
  });
  broker.on('clientDisconnect', (client) => {
    const user = clients.users.get(client);
    if (user) clients.byUser.get(user)?.delete(client);
  });

  const { server, sockets } = await listen(options, broker, clients);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log.info({ port }, 'embedded MQTT broker listening');

  return {
    port,
    get connectedClients() {
      return broker.connectedClients;
    },
    acceptGateways() {
      clients.gatewaysWelcome = true;
    },
    revoke(sn) {
      clients.hashCache.delete(sn);
      for (const client of clients.byUser.get(sn) ?? []) client.close();
      clients.byUser.delete(sn);
    },
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The broker's TCP listener: each socket counted against its address and its packets' size guarded. */
async function listen(
  options: EmbeddedBrokerOptions,
  broker: Aedes,
  clients: BrokerClients,
): Promise<{ server: Server; sockets: Set<Socket> }> {
  const { log } = options;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    const address = addressKey(socket.remoteAddress);
    if (!address || !clients.perAddress.take(address)) {
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    const admission: Admission = {
      address,
      guard: new PacketSizeGuard(Math.min(CONNECT_MAX_BYTES, options.maxPacketBytes)),
    };
    clients.admissions.set(socket, admission);
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      if (admission.address) clients.perAddress.give(admission.address);
      admission.address = null;
    });
    guardReads(socket, admission.guard, () =>
      log.warn({ address, maxPacketBytes: options.maxPacketBytes }, 'MQTT packet too large, connection closed'),
    );
    broker.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, sockets };
}
