import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { PhaseTimer } from '../lib/phase-clock.ts';
import * as schema from './schema.ts';

/** The typed query layer, the same on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its way to close. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  close(): Promise<void>;
}

/** Where a database opened by `openDatabase` lives: PostgreSQL at a URL, or an embedded PGlite of this thread. */
export type DatabaseSource = { kind: 'pg'; url: string } | { kind: 'pglite'; client: PGlite };

const sources = new WeakMap<Db, DatabaseSource>();

/**
 * Where `db` lives, for work that reaches the same database from another thread (a report's worker opens
 * PostgreSQL on its own, and asks this thread to run its queries on PGlite); undefined for a database not
 * opened by `openDatabase`.
 */
export function sourceOf(db: Db): DatabaseSource | undefined {
  return sources.get(db);
}

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;
/**
 * PostgreSQL-only step after the shared migrations (PGlite keeps one table): telemetry readings partitioned
 * by month, so that retention drops partitions. Idempotent; see the file.
 */
const partitionReadingsSql = new URL('./postgres-only/partition-readings.sql', import.meta.url).pathname;
/** The newest migration's time stamp (`when` in the journal drizzle-kit writes). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database already has every migration: drizzle's migrator applies those newer than the last
 * one it recorded, so when that is the newest there is nothing to do (and reading every SQL file is saved).
 */
async function isMigrated(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  try {
    const { rows } = await query('SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations');
    const last = (rows[0] as { last: string | null } | undefined)?.last;
    return last !== null && last !== undefined && Number(last) >= newestMigration();
  } catch {
    // No migration table yet: a new database.
    return false;
  }
}

/** Advisory lock key that serialises migrations when several processes start together. */
const MIGRATION_LOCK = 7_316_001;

/**
 * Opens PostgreSQL at `url`, or the embedded PGlite in `dataDir` (in memory when `dataDir` is
 * `memory://`), and applies the versioned migrations. `pool` opens a PostgreSQL pool of at most `max`
 * connections that leaves the migrations to the process that applied them (a report's worker thread).
 */
export async function openDatabase(
  options: { url?: string | undefined; dataDir: string; pool?: { max: number } },
  timer: PhaseTimer = untimed,
): Promise<Database> {
  if (options.url && options.pool) return openPool(options.url, options.pool.max);
  if (options.url) return openPostgres(options.url, timer);
  return openPglite(options.dataDir, timer);
}

/**
 * Keeps a lost database connection (PostgreSQL restarted, or the connection killed) from ending the
 * process. The pool handles the errors of its idle clients; a client checked out between two statements
 * (an open transaction, waiting for the next one) has no listener of its own, and an `error` event without
 * a listener throws. The client's pending queries fail anyway, and the pool drops it when it comes back
 * (it is no longer queryable).
 */
function survivePoolErrors(pool: pg.Pool): void {
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  pool.on('connect', (client) => {
    client.on('error', () => {
      // Reported to the statements that were waiting on it; the pool drops the client on release.
    });
  });
}

/** A pool on a migrated PostgreSQL database. */
function openPool(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 10_000 });
  survivePoolErrors(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  sources.set(db, { kind: 'pg', url });
  return { db, kind: 'pg', close: () => pool.end() };
}

const untimed: PhaseTimer = { time: (_name, step) => step() };

async function openPostgres(url: string, timer: PhaseTimer): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  survivePoolErrors(pool);
  const client = await timer.time('database connect', () => pool.connect());
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await timer.time('migrations', async () => {
      if (!(await isMigrated((text) => client.query(text)))) {
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      }
      await client.query(readFileSync(partitionReadingsSql, 'utf8'));
    });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  sources.set(db, { kind: 'pg', url });
  return { db, kind: 'pg', close: () => pool.end() };
}

/**
 * PostgreSQL settings of the embedded database, after PGlite's own. Its memory is WebAssembly memory, which
 * grows and never shrinks: PostgreSQL's defaults (128 MB of shared buffers, shared memory for 100
 * connections, 64 MB for maintenance) made most of the console's resident memory. One connection runs at a
 * time in PGlite, and its files sit in the system's page cache, so a smaller buffer pool costs reads from
 * that cache instead of disk reads.
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'max_connections=4', 'maintenance_work_mem=16MB'];
const pgliteOptions = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])] };

async function openPglite(dataDir: string, timer: PhaseTimer): Promise<Database> {
  let client: PGlite;
  if (dataDir === 'memory://') {
    client = new PGlite(pgliteOptions);
  } else {
    const folder = join(dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    client = new PGlite(folder, pgliteOptions);
  }
  await timer.time('database open', () => client.waitReady);
  const db = drizzlePglite(client, { schema });
  await timer.time('migrations', async () => {
    if (!(await isMigrated((text) => client.query(text)))) await migratePglite(db, { migrationsFolder });
  });
  sources.set(db as unknown as Db, { kind: 'pglite', client });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
