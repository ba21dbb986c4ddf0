import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { GATEWAY_ID_PATTERN, gatewayMayUse } from '@lightwell/domain';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { gateways } from '../db/schema.ts';
import {
  AddressQuota,
  addressKey,
  CONNECT_MAX_BYTES,
  guardReads,
  PacketSizeGuard,
  RetainedQuota,
} from './broker-limits.ts';
import { SERVER_MQTT_USER, secretMatches } from './credentials.ts';

/** How long a gateway's stored secret hash is trusted before it is read again. */
const CREDENTIAL_CACHE_MS = 5000;

/** Client ids of the console's own processes begin with this (`lightwell-server-<random>`); nobody else's may. */
const SERVER_CLIENT_ID_PREFIX = `${SERVER_MQTT_USER}-`;

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

/** What the broker keeps of one accepted socket until it closes. */
interface Admission {
  /** The address it is counted under; null once it no longer counts (the console's own). */
  address: string | null;
  guard: PacketSizeGuard;
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

/** Compares the console's password in constant time. */
function passwordsEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(code: 2 | 3 | 4 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

/**
 * Whether `user` may connect with `clientId`: a gateway only with its sn, the console only with
 * `lightwell-server-<anything>`. A client id names a session (and takes over a connection holding it), so
 * binding it to the user keeps every session, queued messages included, with the user that made it.
 */
function clientIdFits(user: string, clientId: string): boolean {
  if (user === SERVER_MQTT_USER)
    return clientId.length > SERVER_CLIENT_ID_PREFIX.length && clientId.startsWith(SERVER_CLIENT_ID_PREFIX);
  return clientId === user && !clientId.startsWith(SERVER_CLIENT_ID_PREFIX);
}

/**
 * Starts the embedded MQTT broker. Who may connect: the console (`lightwell-server` with the password
 * derived from the server-only secret) and each gateway with its sn and secret, each with the client id
 * of its user (`clientIdFits`). A gateway may publish and subscribe only under `lw/gw/<sn>/`; the console
 * everywhere. Limits (docs/gateway-protocol.md, "Embedded broker limits"): packet size, connect timeout,
 * connections per address and retained messages per gateway.
 */
export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { db, log } = options;
  const { serverPassword } = options;
  /** MQTT user of each authenticated client. */
  const users = new WeakMap<Client, string>();
  /** Connected clients by user name, to close them when their gateway is revoked. */
  const clientsByUser = new Map<string, Set<Client>>();
  const hashCache = new Map<string, { hash: string | null; until: number }>();
  const admissions = new WeakMap<Socket, Admission>();
  const perAddress = new AddressQuota(options.maxConnectionsPerAddress, (address) =>
    log.warn(
      { address, maxConnectionsPerAddress: options.maxConnectionsPerAddress },
      'MQTT connections from one address at the limit, further ones closed',
    ),
  );
  const retained = new RetainedQuota(options.retainedPerGateway);
  let gatewaysWelcome = false;

  /** The console's own connection: no longer counted against its address, and sends packets of any size. */
  function trustAsServer(client: Client): void {
    const admission = admissions.get(client.conn as Socket);
    if (!admission) return;
    admission.guard.raise(Number.POSITIVE_INFINITY);
    if (admission.address) perAddress.give(admission.address);
    admission.address = null;
  }

  async function storedHash(sn: string): Promise<string | null> {
    const cached = hashCache.get(sn);
    if (cached && cached.until > Date.now()) return cached.hash;
    const [row] = await db
      .select({ secretHash: gateways.secretHash })
      .from(gateways)
      .where(eq(gateways.sn, sn))
      .limit(1);
    const hash = row?.secretHash ?? null;
    hashCache.set(sn, { hash, until: Date.now() + CREDENTIAL_CACHE_MS });
    return hash;
  }

  const broker = await Aedes.createBroker({
    connectTimeout: options.connectTimeoutMs,
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      if (!username) return done(refuse(4, 'user name required'), false);
      if (username === SERVER_MQTT_USER) {
        if (!passwordsEqual(secret, serverPassword)) return done(refuse(4, 'bad user name or password'), false);
        if (!clientIdFits(username, client.id)) return done(refuse(2, 'client id not permitted'), false);
        users.set(client, username);
        trustAsServer(client);
        return done(null, true);
      }
      if (!GATEWAY_ID_PATTERN.test(username)) return done(refuse(4, 'bad user name or password'), false);
      if (!clientIdFits(username, client.id)) {
        log.warn({ user: username, clientId: client.id.slice(0, 80) }, 'MQTT client id of another user refused');
        return done(refuse(2, 'client id not permitted'), false);
      }
      if (!gatewaysWelcome) return done(refuse(3, 'server starting'), false);
      storedHash(username).then(
        (hash) => {
          if (!hash || !secretMatches(secret, hash)) return done(refuse(4, 'bad user name or password'), false);
          users.set(client, username);
          admissions.get(client.conn as Socket)?.guard.raise(options.maxPacketBytes);
          return done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'gateway authentication failed');
          done(refuse(4, 'server unavailable'), false);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      const user = client ? users.get(client) : SERVER_MQTT_USER;
      if (user === SERVER_MQTT_USER) return callback(null);
      if (!user || !gatewayMayUse(user, packet.topic)) {
        return callback(new Error(`publish to ${packet.topic} not permitted`));
      }
      // Past the gateway's quota a retained publish is still delivered, but not stored (aedes lets the
      // authorizer change the packet).
      if (packet.retain && !retained.admit(user, packet.topic, packet.payload.length === 0)) packet.retain = false;
      return callback(null);
    },
    authorizeSubscribe(client, subscription, callback) {
      const user = users.get(client);
      if (user === SERVER_MQTT_USER) return callback(null, subscription);
      if (user && gatewayMayUse(user, subscription.topic)) return callback(null, subscription);
      // A refused subscription is answered with the failure return code (0x80), as Mosquitto does.
      return callback(null, null);
    },
  });

  broker.on('clientReady', (client) => {
    const user = users.get(client);
    if (!user) return;
    let set = clientsByUser.get(user);
    if (!set) {
      set = new Set();
      clientsByUser.set(user, set);
    }
    set.add(client);
  });
  broker.on('clientDisconnect', (client) => {
    const user = users.get(client);
    if (user) clientsByUser.get(user)?.delete(client);
  });

  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    const address = addressKey(socket.remoteAddress);
    if (!address || !perAddress.take(address)) {
      socket.destroy();
      return;
    }
    socket.setNoDelay(true);
    const admission: Admission = {
      address,
      guard: new PacketSizeGuard(Math.min(CONNECT_MAX_BYTES, options.maxPacketBytes)),
    };
    admissions.set(socket, admission);
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      if (admission.address) perAddress.give(admission.address);
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
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  log.info({ port }, 'embedded MQTT broker listening');

  return {
    port,
    get connectedClients() {
      return broker.connectedClients;
    },
    acceptGateways() {
      gatewaysWelcome = true;
    },
    revoke(sn) {
      hashCache.delete(sn);
      for (const client of clientsByUser.get(sn) ?? []) client.close();
      clientsByUser.delete(sn);
    },
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
