import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { UserRow } from './db/queries/users.ts';
import type { ServerKeys } from './lib/server-keys.ts';
import type { GatewayLink, LiveHub } from './link-types.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SessionCache } from './services/session-cache.ts';

/** What handlers and services need, built once per server process. */
export interface AppContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Public client key of request signatures (section 5): served to every browser, it authenticates nobody. */
  clientKey: string;
  /** Keys derived from the server-only secret, one per purpose; never served. */
  keys: ServerKeys;
  /** MQTT connection to the gateways. */
  link: GatewayLink;
  /** Live updates to browsers, across server processes. */
  live: LiveHub;
  /** Sessions with their user rows, kept for a few seconds (services/forget-users.ts says what must forget them). */
  sessions: SessionCache;
  /** Current time; tests replace it to step over expiry limits. */
  now(): Date;
}

/** The signed-in caller of an authenticated call. */
export interface SessionInfo {
  uid: number;
  sessionId: number;
  /** The caller's user row, read with the session (absent where a session is known without that read). */
  user?: UserRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}
