import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { Limits } from '@lightwell/domain';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** Whether `entry` is an IP address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** A comma-separated list of IP addresses and CIDR ranges; the empty list turns what it guards off. */
const addressList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .superRefine((entries, ctx) => {
    const bad = entries.find((entry) => !isAddressOrRange(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `"${bad}" is not an IP address or CIDR range (e.g. 127.0.0.1,10.0.0.0/8,::1; empty turns it off)`,
      });
    }
  });

/** Variables whose empty value means "off" rather than "unset": their empty value is kept, not defaulted. */
const EMPTY_MEANS_OFF = new Set(['METRICS_ALLOW']);

/** The standard MQTT port: left to an external broker such as Mosquitto, never taken by the embedded one. */
const MQTT_STANDARD_PORT = 1883;

/**
 * Every environment variable the server reads, validated once. `process.env` is read here only;
 * docs/configuration.md's table lists the same names (a test checks).
 */
export const EnvSchema = z.object({
  /** HTTP port of the console (web app and API on one origin). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Folder for the embedded database and other local state. */
  DATA_DIR: z.string().default('.data'),
  /** PostgreSQL server to use instead of the embedded database. */
  DATABASE_URL: z.string().url().optional(),
  /** External MQTT broker for gateways instead of the embedded one. */
  MQTT_URL: z.string().url().optional(),
  /** Port of the embedded MQTT broker (never 1883, which an external broker may hold). */
  MQTT_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .refine((port) => port !== MQTT_STANDARD_PORT, {
      message: `must not be ${MQTT_STANDARD_PORT}, the standard MQTT port an external broker may hold (use MQTT_URL for one)`,
    })
    .default(18830),
  /** Interface the embedded MQTT broker listens on. */
  MQTT_HOST: z.string().default('0.0.0.0'),
  /**
   * Largest MQTT packet the embedded broker accepts from a gateway, in bytes (a CONNECT before that: 64 kB);
   * a bigger one closes the connection. The default holds the protocol's largest message (2,000 devices).
   */
  MQTT_MAX_PACKET_BYTES: z.coerce.number().int().min(1024).max(268_435_455).default(1_048_576),
  /** Milliseconds a socket of the embedded broker may stay open before its CONNECT has arrived. */
  MQTT_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Open connections one client address may hold on the embedded broker at once. */
  MQTT_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Retained messages the embedded broker keeps for one gateway (its topics under `lw/gw/<sn>/`). */
  MQTT_RETAINED_PER_GATEWAY: z.coerce.number().int().min(0).max(10_000).default(16),
  /** Shared-subscription group of the server processes on an external broker (each message reaches one). */
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('lightwell'),
  /** SMTP server for outgoing mail; without it mail is kept in the outbox table. */
  SMTP_URL: z.string().url().optional(),
  /** Sender address of outgoing mail. */
  MAIL_FROM: z.string().default('Lightwell <no-reply@lightwell.localhost>'),
  /** Public address of the console, used in e-mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Public client key of request signatures (section 5): served to every browser, so it identifies the client
   * build and authenticates nobody. Generated once and stored in the database when unset.
   */
  SIGNING_SECRET: z.string().min(16).optional(),
  /**
   * The server-only secret every credential and e-mailed link is derived from (one key per purpose); never
   * served. Generated once and stored in the database when unset.
   */
  SERVER_SECRET: z.string().min(32).optional(),
  /** Seed the demo installation and run simulated gateways; default on only for the embedded database. */
  DEMO: bool.optional(),
  /** Accept `notCheckSign` requests (developer tools only); default off. */
  ALLOW_UNSIGNED: bool.default(false),
  /** Port of the demo simulator's status and control endpoint (127.0.0.1); demo mode only, off when unset. */
  SIMULATOR_HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Log level of the server (fatal, error, warn, info, debug, trace, silent). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Log lines as readable text (`pretty`) or one JSON object a line (`json`); pretty on a terminal, else JSON. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Folder of the built web app; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /** Milliseconds a client has to send a request's headers before the connection is closed. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** Milliseconds a client has to send a whole request (headers and body); uploads excepted (see docs/configuration.md). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(Limits.requestTimeoutMs),
  /** Milliseconds an idle keep-alive connection stays open. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(5_000),
  /** Trust X-Forwarded-* headers from a reverse proxy (for client addresses in throttling). */
  TRUST_PROXY: bool.default(false),
  /**
   * Milliseconds a process keeps a session with its user row after reading it; `0` reads both on every
   * call. Changes reach every process at once over the broker; this bounds staleness when it is down.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  /**
   * How far the report worker process runs below the console's priority, in nice steps (0 = the console's
   * own, 19 = the lowest): its builds yield the cores to the pages. 0 where the cores are shared with work
   * other than the pages (a test run), which would otherwise keep the builds waiting.
   */
  REPORT_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * Client addresses (IPs and CIDR ranges, comma-separated) that may read `GET /metrics`; judged on the
   * forwarded address only with TRUST_PROXY. Empty turns the endpoint off (404 for everyone).
   */
  METRICS_ALLOW: addressList.prefault('127.0.0.1,::1'),
  /** Whole months of raw telemetry readings kept before the current one (0 keeps all); rollups stay. */
  TELEMETRY_RETENTION_MONTHS: z.coerce.number().int().min(0).max(1200).default(25),
  /** What a command waits for its devices before the 100 ms each (docs/commands.md "Deadlines"), in ms. */
  COMMAND_TIMEOUT_BASE_MS: z.coerce.number().int().min(1000).max(600_000).default(5000),
  /**
   * Drills and browser tests only: a JSON file `{"at": ISO instant, "rate": n}` the console takes its time
   * from (it runs on from the file's writing at `rate`); rewriting the file moves the clock. Never in production.
   */
  CLOCK_FILE: z.string().optional(),
  /** Real milliseconds between two checks for due scheduled jobs (each runs once per slot of the clock). */
  JOB_TICK_MS: z.coerce.number().int().min(10).max(60_000).default(60_000),
});

/** The validated configuration. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttPort: number;
  mqttHost: string;
  mqttShareGroup: string;
  mqttMaxPacketBytes: number;
  mqttConnectTimeoutMs: number;
  mqttMaxConnectionsPerAddress: number;
  mqttRetainedPerGateway: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  clientKey: string | undefined;
  serverSecret: string | undefined;
  demo: boolean;
  allowUnsigned: boolean;
  simulatorHttpPort: number | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  logFormat: 'pretty' | 'json';
  webDist: string;
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  trustProxy: boolean;
  sessionCacheMs: number;
  /** The report worker's nice value (0–19). */
  reportWorkerNice: number;
  /** Addresses and CIDR ranges allowed to read `GET /metrics`; none turns it off. */
  metricsAllow: string[];
  telemetryRetentionMonths: number;
  commandTimeoutBaseMs: number;
  clockFile: string | undefined;
  jobTickMs: number;
}

/**
 * Parses the environment; throws naming every bad variable. `terminal` tells whether the logs go to a
 * person (standard output is a terminal), which makes them readable text unless LOG_FORMAT says otherwise.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, terminal = process.stdout.isTTY === true): Config {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([k, v]) => v !== '' || EMPTY_MEANS_OFF.has(k))),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mqttUrl: e.MQTT_URL,
    mqttPort: e.MQTT_PORT,
    mqttHost: e.MQTT_HOST,
    mqttShareGroup: e.MQTT_SHARE_GROUP,
    mqttMaxPacketBytes: e.MQTT_MAX_PACKET_BYTES,
    mqttConnectTimeoutMs: e.MQTT_CONNECT_TIMEOUT_MS,
    mqttMaxConnectionsPerAddress: e.MQTT_MAX_CONNECTIONS_PER_ADDRESS,
    mqttRetainedPerGateway: e.MQTT_RETAINED_PER_GATEWAY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    clientKey: e.SIGNING_SECRET,
    serverSecret: e.SERVER_SECRET,
    demo: e.DEMO ?? !e.DATABASE_URL,
    allowUnsigned: e.ALLOW_UNSIGNED,
    simulatorHttpPort: e.SIMULATOR_HTTP_PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    httpHeadersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    httpKeepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    sessionCacheMs: e.SESSION_CACHE_MS,
    reportWorkerNice: e.REPORT_WORKER_NICE,
    metricsAllow: e.METRICS_ALLOW,
    telemetryRetentionMonths: e.TELEMETRY_RETENTION_MONTHS,
    commandTimeoutBaseMs: e.COMMAND_TIMEOUT_BASE_MS,
    clockFile: e.CLOCK_FILE === undefined ? undefined : resolve(e.CLOCK_FILE),
    jobTickMs: e.JOB_TICK_MS,
  };
}
