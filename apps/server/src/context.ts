import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { GatewayLink, LiveHub } from './gateway-link/types.ts';
import type { Mailer } from './mail/mailer.ts';

/** What handlers and services need, built once per server process. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Key of request signatures and verification-code hashes. */
  signingSecret: string;
  /** MQTT connection to the gateways. */
  link: GatewayLink;
  /** Live updates to browsers, across server processes. */
  live: LiveHub;
  /** Current time; tests replace it to step over expiry limits. */
  now(): Date;
}

/** The signed-in caller of an authenticated call. */
export interface SessionInfo {
  uid: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}
