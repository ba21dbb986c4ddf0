import { timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';
import { GATEWAY_ID_PATTERN, gatewayMayUse } from '@lightwell/domain';
import type { AedesOptions, AuthenticateError, Client } from 'aedes';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { gateways } from '../db/schema.ts';
import type { AddressQuota, PacketSizeGuard, RetainedQuota } from './broker-limits.ts';
import { SERVER_MQTT_USER, secretMatches } from './credentials.ts';

/** How long a gateway's stored secret hash is trusted before it is read again. */
const CREDENTIAL_CACHE_MS = 5000;

/** Client ids of the console's own processes begin with this (`lightwell-server-<random>`); nobody else's may. */
const SERVER_CLIENT_ID_PREFIX = `${SERVER_MQTT_USER}-`;

/** What the broker keeps of one accepted socket until it closes. */
export interface Admission {
  /** The address it is counted under; null once it no longer counts (the console's own). */
  address: string | null;
  guard: PacketSizeGuard;
}

/** What the broker knows of its clients, shared by its authorizers, its listener and its handle. */
export interface BrokerClients {
  /** MQTT user of each authenticated client. */
  users: WeakMap<Client, string>;
  /** Connected clients by user name, to close them when their gateway is revoked. */
  byUser: Map<string, Set<Client>>;
  /** Each gateway's stored secret hash, trusted for `CREDENTIAL_CACHE_MS`. */
  hashCache: Map<string, { hash: string | null; until: number }>;
  admissions: WeakMap<Socket, Admission>;
  perAddress: AddressQuota;
  retained: RetainedQuota;
  /** False until the console has subscribed (`acceptGateways`). */
  gatewaysWelcome: boolean;
}

/** What the authorizers need of the broker's options. */
interface AccessOptions {
  db: Db;
  log: FastifyBaseLogger;
  serverPassword: string;
  maxPacketBytes: number;
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

/** The console's own connection: no longer counted against its address, and sends packets of any size. */
function trustAsServer(clients: BrokerClients, client: Client): void {
  const admission = clients.admissions.get(client.conn as Socket);
  if (!admission) return;
  admission.guard.raise(Number.POSITIVE_INFINITY);
  if (admission.address) clients.perAddress.give(admission.address);
  admission.address = null;
}

async function storedHash(db: Db, clients: BrokerClients, sn: string): Promise<string | null> {
  const cached = clients.hashCache.get(sn);
  if (cached && cached.until > Date.now()) return cached.hash;
  const [row] = await db.select({ secretHash: gateways.secretHash }).from(gateways).where(eq(gateways.sn, sn)).limit(1);
  const hash = row?.secretHash ?? null;
  clients.hashCache.set(sn, { hash, until: Date.now() + CREDENTIAL_CACHE_MS });
  return hash;
}

/**
 * The broker's authenticator and authorizers: the console with its password and any topic; a gateway with
 * its sn and secret, publishing and subscribing only under `lw/gw/<sn>/`, its retained messages counted.
 */
export function brokerAccess(
  options: AccessOptions,
  clients: BrokerClients,
): Pick<AedesOptions, 'authenticate' | 'authorizePublish' | 'authorizeSubscribe'> {
  const { db, log, serverPassword } = options;
  const { users } = clients;
  return {
    authenticate(client, username, password, done) {
      const secret = password?.toString('utf8') ?? '';
      if (!username) return done(refuse(4, 'user name required'), false);
      if (username === SERVER_MQTT_USER) {
        if (!passwordsEqual(secret, serverPassword)) return done(refuse(4, 'bad user name or password'), false);
        if (!clientIdFits(username, client.id)) return done(refuse(2, 'client id not permitted'), false);
        users.set(client, username);
        trustAsServer(clients, client);
        return done(null, true);
      }
      if (!GATEWAY_ID_PATTERN.test(username)) return done(refuse(4, 'bad user name or password'), false);
      if (!clientIdFits(username, client.id)) {
        log.warn({ user: username, clientId: client.id.slice(0, 80) }, 'MQTT client id of another user refused');
        return done(refuse(2, 'client id not permitted'), false);
      }
      if (!clients.gatewaysWelcome) return done(refuse(3, 'server starting'), false);
      storedHash(db, clients, username).then(
        (hash) => {
          if (!hash || !secretMatches(secret, hash)) return done(refuse(4, 'bad user name or password'), false);
          users.set(client, username);
          clients.admissions.get(client.conn as Socket)?.guard.raise(options.maxPacketBytes);
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
      if (packet.retain && !clients.retained.admit(user, packet.topic, packet.payload.length === 0))
        packet.retain = false;
      return callback(null);
    },
    authorizeSubscribe(client, subscription, callback) {
      const user = users.get(client);
      if (user === SERVER_MQTT_USER) return callback(null, subscription);
      if (user && gatewayMayUse(user, subscription.topic)) return callback(null, subscription);
      // A refused subscription is answered with the failure return code (0x80), as Mosquitto does.
      return callback(null, null);
    },
  };
}
