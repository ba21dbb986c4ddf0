import { randomBytes } from 'node:crypto';
import { type CallInput, type CallName, calls, signParams } from '@lightwell/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import { deviceElements, networks, networkUsers, nodes, outbox, projectUsers, users, zones } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createDefaultProject } from '../src/services/create-default-project.ts';
import { copyPgliteTemplate, pgTemplate, removeCopy } from './support/db-template.ts';

/** Which database this test run uses: `pglite` (in memory) or `pg` (a fresh database on PostgreSQL). */
export const TEST_DB = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'pg';
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SIGNING_SECRET = 'test-signing-secret-0123456789';
/**
 * The settings of every console a test starts: test files run side by side on every core, so a report
 * worker niced below them would wait for them all (REPORT_WORKER_NICE, docs/configuration.md).
 */
export const TEST_CONSOLE_ENV = { REPORT_WORKER_NICE: '0' } as const;

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** False when this run is for PostgreSQL and none answers; the suites then report themselves skipped. */
export const databaseAvailable = TEST_DB === 'pglite' || (await postgresAnswers());
if (!databaseAvailable) console.log(`skipped: no PostgreSQL at ${PG_URL} (set TEST_DATABASE_URL)`);

/** `describe` that is skipped, with a clear line, when the run's database is not there. */
export const describeApi = describe.skipIf(!databaseAvailable);

/**
 * Creates a PostgreSQL database on the test server: empty, or `migrated` (a copy of the migrated template
 * when the global setup made one); its URL, and `drop` to remove it again.
 */
export async function createPgDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const template =
    options.migrated &&
    (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [pgTemplate])).rows.length > 0;
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${pgTemplate}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * Opens an empty migrated database of the run's kind, a copy of the migrated template when the global
 * setup made one (test/support/db-template.ts); `close` removes it again.
 */
async function openTestDatabase(): Promise<Database> {
  if (TEST_DB === 'pglite') {
    const folder = copyPgliteTemplate();
    if (!folder) return openDatabase({ dataDir: 'memory://' });
    const database = await openDatabase({ dataDir: folder });
    return {
      ...database,
      async close() {
        await database.close();
        removeCopy(folder);
      },
    };
  }
  const created = await createPgDatabase({ migrated: true });
  const database = await openDatabase({ url: created.url, dataDir: '' });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** A clock tests can move forward. */
class TestClock {
  offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(seconds: number) {
    this.offsetMs += seconds * 1000;
  }
}

/** A built app on a fresh database, with helpers to call it. */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  /** URL a simulated gateway connects to: the app's embedded broker (random port), or `MQTT_URL`. */
  brokerUrl: string;
  close(): Promise<void>;
}

/**
 * Builds the app on a fresh database with a movable clock; env overrides go to the configuration.
 * `databaseUrl` opens an existing PostgreSQL database instead (its own pool, left in place on close), so
 * that several app instances can stand for several server processes of one deployment; `database` shares
 * an open database with another test app (PGlite: one in-memory database, left to its opener). `logStream`
 * receives the app's log lines (JSON) when the env sets a LOG_LEVEL other than silent.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { databaseUrl?: string; database?: Database; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const shared = options.database;
  const database = shared
    ? { ...shared, close: async () => undefined }
    : options.databaseUrl
      ? await openDatabase({ url: options.databaseUrl, dataDir: '' })
      : await openTestDatabase();
  const clock = new TestClock();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO: 'false',
    SIGNING_SECRET,
    DATA_DIR: '/tmp/lw-test',
    // The embedded broker on a free port; a test may pass MQTT_URL to use Mosquitto instead. A group of
    // its own keeps parallel test apps on one Mosquitto from taking each other's messages.
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    MQTT_SHARE_GROUP: `test-${randomBytes(6).toString('hex')}`,
    ...TEST_CONSOLE_ENV,
    ...env,
  });
  const app = await buildApp({ config, database, now: clock.now, logStream: options.logStream });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    brokerUrl: app.ctx.link.brokerUrl,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A session as the client keeps it. */
export interface Session {
  token: string;
  uid: number;
}

/** Raw answer of a call: HTTP status and the parsed body. */
export interface Reply {
  status: number;
  body: { code: number; data: unknown; message?: string };
}

/** POSTs any body to a path (or GETs with a query) and parses the answer. */
export async function post(app: FastifyInstance, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: path,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) } as Reply;
}

/** Calls a registry call as the web client does: envelope, token, uid and signature for authenticated calls. */
export async function call<N extends CallName>(
  app: FastifyInstance,
  name: N,
  payload: CallInput<N> | Record<string, unknown>,
  session?: Session,
): Promise<Reply> {
  const def = calls[name];
  let body: Record<string, unknown> = { ...payload };
  if (session) {
    body = { ...body, token: session.token, uid: session.uid, version: '1.0.0', platform: 3, bundle: 'southgate' };
    body.sign = signParams(body, SIGNING_SECRET);
  }
  if (def.method === 'GET') {
    const response = await app.inject({ method: 'GET', url: def.path });
    return { status: response.statusCode, body: JSON.parse(response.body) } as Reply;
  }
  return post(app, def.path, body);
}

let counter = 0;
/** A unique address and name for one test's user. */
export function uniqueIdentity(prefix = 'user') {
  counter += 1;
  const tag = `${prefix}${counter}${randomBytes(3).toString('hex')}`;
  return { email: `${tag}@example.com`, name: tag.slice(0, 30) };
}

export const PASSWORD = 'Correct-Horse-9';

/** Inserts a user with a known password and a default project (factory). */
export async function buildUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const identity = uniqueIdentity();
  const [row] = await db
    .insert(users)
    .values({ ...identity, passwordHash: await hashPassword(PASSWORD), ...overrides })
    .returning();
  await createDefaultProject(db, row!.id, row!.language);
  return row!;
}

/** Signs in and answers the session. */
export async function loginAs(app: FastifyInstance, email: string, password = PASSWORD): Promise<Session> {
  const reply = await call(app, 'login', { email, password, language: 0 });
  if (reply.body.code !== 0) throw new Error(`login failed: ${JSON.stringify(reply.body)}`);
  const data = reply.body.data as Session;
  return { token: data.token, uid: data.uid };
}

/** A new user, signed in. */
export async function signedInUser(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await buildUser(t.db, overrides);
  return { user, session: await loginAs(t.app, user.email) };
}

/** The newest e-mail to `email` with `template`, read from the outbox; throws when there is none. */
async function newestMail(db: Db, email: string, template: string) {
  const [row] = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.template, template)))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!row) throw new Error(`no ${template} mail to ${email}`);
  return row;
}

/** The 6-digit code in the newest e-mail to `email` with `template`, read from the outbox. */
export async function lastCodeFor(db: Db, email: string, template: string): Promise<string> {
  const code = (await newestMail(db, email, template)).textBody.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the ${template} mail to ${email}`);
  return code;
}

/** The `link=` token in the newest e-mail to `email` with `template`, and the mail's text. */
export async function lastLinkFor(db: Db, email: string, template: string): Promise<{ link: string; text: string }> {
  const { textBody } = await newestMail(db, email, template);
  const link = textBody.match(/link=([A-Za-z0-9_-]+)/)?.[1];
  if (!link) throw new Error(`no link in the ${template} mail to ${email}`);
  return { link, text: textBody };
}

/** A user signed in, with their default project id. */
export async function memberWithProject(t: TestApp) {
  const { user, session } = await signedInUser(t);
  const [membership] = await t.db.select().from(projectUsers).where(eq(projectUsers.uid, user.id));
  return { user, session, pid: membership!.pid };
}

/**
 * Inserts a network in project `pid` with the given members (factory); members are also made members
 * of the project, as sharing does.
 */
export async function buildNetwork(
  db: Db,
  pid: number,
  members: { uid: number; userType: 1 | 2 | 3 }[],
  overrides: Partial<typeof networks.$inferInsert> = {},
) {
  const [network] = await db
    .insert(networks)
    .values({ pid, name: uniqueIdentity('net').name, ...overrides })
    .returning();
  await db.insert(networkUsers).values(members.map((m) => ({ nid: network!.id, ...m })));
  await db
    .insert(projectUsers)
    .values(members.map((m) => ({ pid, uid: m.uid, isDefault: false })))
    .onConflictDoNothing();
  return network!;
}

/** An owner's network with an installer and a sub-user, all signed in, plus a signed-in stranger. */
export async function networkTeam(t: TestApp) {
  const owner = await memberWithProject(t);
  const installer = await signedInUser(t);
  const sub = await signedInUser(t);
  const stranger = await memberWithProject(t);
  const network = await buildNetwork(t.db, owner.pid, [
    { uid: owner.user.id, userType: 2 },
    { uid: installer.user.id, userType: 1 },
    { uid: sub.user.id, userType: 3 },
  ]);
  return { owner, installer, sub, stranger, network };
}

/**
 * Zones "Office" and "Hall" in network `nid`, each device of `office` and `hall` placed in it by a plan node
 * (named by `names`, in order), as the energy screens find a device's zone.
 */
export async function officeAndHall(
  db: Db,
  nid: number,
  place: { office: number[]; hall: number[] },
  names: string[] = [],
) {
  const [office, hall] = await db
    .insert(zones)
    .values([
      { nid, name: 'Office', points: [] },
      { nid, name: 'Hall', points: [] },
    ])
    .returning();
  const placed = [
    ...place.office.map((rid) => ({ rid, zoneId: office!.id })),
    ...place.hall.map((rid) => ({ rid, zoneId: hall!.id })),
  ];
  await db.insert(nodes).values(placed.map((node, index) => ({ nid, name: names[index] ?? `N${index + 1}`, ...node })));
  return { office: office!, hall: hall! };
}

/**
 * Gives each device a D4i light element (index 0, DT6), as the inventory of a driver with a D4i bank does:
 * the console counts a `d4i` counter only from such an element.
 */
export async function buildD4iElements(db: Db, deviceIds: readonly number[]) {
  await db.insert(deviceElements).values(deviceIds.map((deviceId) => ({ deviceId, index: 0, type: 1, isD4i: true })));
}
