// A new embedded database is created (PGlite's initdb) in a short-lived child process: PGlite keeps the
// memory of its initdb (a second database instance and the initdb program, some 400 MB of WebAssembly
// memory) for the life of the process that ran it. The console opens the finished folder instead. Plain
// JavaScript, so that `npm start` (scripts/start.mjs) creates it too, while the web app is being built.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The child's program (CommonJS, for `node -e`; arguments: PGlite's entry, the target folder): creates the
 * database in a folder of its own beside the target and renames it into place, so a start stopped halfway
 * leaves no half-made database, and of two starts at once the first one's is kept.
 */
const CREATE = `
const { existsSync, readdirSync, renameSync, rmSync } = require('node:fs');
const [entry, folder] = process.argv.slice(1);
const building = folder + '.new-' + process.pid;
const { PGlite } = require(entry);
PGlite.create(building)
  .then((db) => db.close())
  .then(() => {
    try {
      renameSync(building, folder);
    } catch (error) {
      if (!existsSync(folder) || readdirSync(folder).length === 0) throw error;
      rmSync(building, { recursive: true, force: true });
    }
  })
  .catch((error) => {
    rmSync(building, { recursive: true, force: true });
    process.stderr.write(String(error && error.stack ? error.stack : error) + '\\n');
    process.exit(1);
  });
`;

/**
 * Makes the embedded database in `<dataDir>/pglite` when there is none yet, in a child process; resolves
 * with whether it made one. Folder errors (not writable, a file in the way) are thrown here with their codes.
 */
export async function createPgliteDataDir(dataDir) {
  // The folder the console's `openDatabase` (db/client.ts) opens.
  const folder = join(dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  // PostgreSQL writes PG_VERSION first; a folder with other files is left to PGlite. An empty folder left
  // by an older start is replaced by the rename.
  if (existsSync(folder) && readdirSync(folder).length > 0) return false;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const child = spawn(process.execPath, ['-e', CREATE, entry, folder], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text) => {
    errors += text;
  });
  const code = await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the embedded database could not be created in ${folder}: ${errors.trim()}`);
  return true;
}
