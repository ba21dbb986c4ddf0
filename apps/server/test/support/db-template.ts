import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';

/*
 * Migrated template databases for the API tests: every test file opens a fresh database, and creating
 * one and running the migrations on it took 5-6 s of PGlite's time per file (initdb in WebAssembly, then
 * every migration), about a third of the server tier. The template is made once per change of the
 * migrations (vitest's global setup, `globalSetup` below) and each file copies it: a PGlite folder
 * copied and opened in about 1 s, a PostgreSQL database made with `CREATE DATABASE … TEMPLATE`.
 * The migrations still run on both databases: they make the templates.
 */

const serverRoot = new URL('../..', import.meta.url).pathname;
const migrationsFolder = join(serverRoot, 'src/db/migrations');
const postgresOnlyFolder = join(serverRoot, 'src/db/postgres-only');

/** A short hash of everything that shapes a migrated database: the SQL files and PGlite's version. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const folder of [migrationsFolder, join(migrationsFolder, 'meta'), postgresOnlyFolder]) {
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
      hash.update(name).update(readFileSync(join(folder, name)));
    }
  }
  const pglite = JSON.parse(
    readFileSync(join(serverRoot, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(pglite.version);
  return hash.digest('hex').slice(0, 12);
}

const key = templateKey();
const folderOfTemplates = join(tmpdir(), 'lightwell-test-db');

/** The data folder (with its `pglite` subfolder) of the migrated PGlite template. */
export const pgliteTemplate = join(folderOfTemplates, `pglite-${key}`);
/** The migrated PostgreSQL template database. */
export const pgTemplate = `lw_template_${key}`;

/** A fresh data folder copied from the PGlite template, or null when no template was made (then migrate). */
export function copyPgliteTemplate(): string | null {
  if (!existsSync(join(pgliteTemplate, 'pglite'))) return null;
  mkdirSync(folderOfTemplates, { recursive: true });
  const folder = join(folderOfTemplates, `copy-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  cpSync(pgliteTemplate, folder, { recursive: true });
  return folder;
}

/** Removes a copied data folder. */
export function removeCopy(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
}

async function makePgliteTemplate(): Promise<void> {
  if (existsSync(join(pgliteTemplate, 'pglite'))) return;
  mkdirSync(folderOfTemplates, { recursive: true });
  // Templates of other migrations and copies a killed run left behind, an hour old or more: a run of
  // another checkout on this machine may still be copying a younger one.
  for (const name of readdirSync(folderOfTemplates)) {
    const path = join(folderOfTemplates, name);
    if (Date.now() - statSync(path).mtimeMs > 3_600_000) rmSync(path, { recursive: true, force: true });
  }
  const building = `${pgliteTemplate}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: building });
  await database.close();
  renameSync(building, pgliteTemplate);
}

async function makePgTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return; // No PostgreSQL: its tests report themselves skipped.
  }
  try {
    // Newest first (database OIDs grow as they are made).
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'lw\\_template\\_%' ORDER BY oid DESC",
    );
    if (rows.some((row) => row.datname === pgTemplate)) return;
    // Templates of other migrations: the two newest stay, since a run of another checkout on the same
    // server (another branch, a clean clone) may be copying them right now.
    for (const row of rows.slice(2)) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    const building = `${pgTemplate}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.toString(), dataDir: '' });
    await database.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${pgTemplate}`);
  } finally {
    await admin.end();
  }
}

/** Vitest global setup of the server projects: the templates of this version of the migrations. */
export default async function globalSetup(): Promise<void> {
  await makePgliteTemplate();
  await makePgTemplate(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
}
