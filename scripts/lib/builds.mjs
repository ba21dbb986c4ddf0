// Builds that npm start makes once and then reuses while their sources are unchanged: the web app
// (Vite), the server and the demo simulator (each one ES module bundled by esbuild, so no TypeScript is
// compiled at each start).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const root = new URL('../..', import.meta.url).pathname;
/** The server bundle `npm start` runs. */
export const serverBundle = join(root, 'apps/server/dist/server.mjs');
/** The simulator bundle `npm start` runs beside the server in demo mode (the simulator's command line). */
export const simulatorBundle = join(root, 'apps/simulator/dist/simulator.mjs');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true }))
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  return newest;
}

/** Whether `output` exists and is newer than every file under `sources` (paths from the repository root). */
function isFresh(output, sources) {
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return sources.map((p) => join(root, p)).every((p) => !existsSync(p) || newestMtime(p) <= built);
}

const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
  'package-lock.json',
];

/** Builds the web app when it is missing or older than its sources. */
export function ensureWebBuilt() {
  if (isFresh(join(root, 'apps/web/dist/index.html'), WEB_SOURCES)) return false;
  console.log('Building the web app (first start or changed sources)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@lightwell/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  return true;
}

/**
 * `ensureWebBuilt` in the background, so `npm start` bundles the server and creates the database meanwhile;
 * Vite's list of files is left out (its warnings and errors are shown). Resolves with whether it built.
 */
export async function ensureWebBuiltInBackground() {
  if (isFresh(join(root, 'apps/web/dist/index.html'), WEB_SOURCES)) return false;
  console.log('Building the web app (first start or changed sources)…');
  const build = spawn('npm', ['run', 'build', '-w', '@lightwell/web', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise((resolve) => build.once('exit', (status) => resolve(status ?? 1)));
  if (code !== 0) process.exit(code);
  return true;
}

// The bundle holds the packages too: a changed lock file (an upgrade) rebuilds it.
const SERVER_SOURCES = ['apps/server/src', 'packages/domain/src', 'package-lock.json', 'scripts/lib/builds.mjs'];

/**
 * Packages that stay imports from node_modules: native or WebAssembly parts, files read from the
 * package's own folder at run time (the API docs page; pdfkit's standard fonts and font metrics, which it
 * loads through its package's `#standard-fonts` imports), or optional and absent ones.
 */
const SERVER_EXTERNALS = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  'pdfkit',
  'pino-pretty',
  'pg-native',
];

/**
 * Builds the server bundle when it is missing or older than its sources: one file holding our code and
 * the plain JavaScript packages, so a start reads one file instead of resolving some thousand modules.
 * Each of our source files keeps its own `import.meta.url`, so paths relative to it (migrations, the
 * web app) resolve as when run from source.
 */
export function ensureServerBuilt() {
  // Built under a name of its own, the bundle still names the report worker beside the final file; a bundle
  // whose worker is missing is built again.
  const worker = reportWorkerBundleOf(serverBundle);
  return ensureBundle(serverBundle, SERVER_SOURCES, (outfile) => buildServerBundle(outfile, worker), [worker]);
}

/**
 * Output options of the bundles that run for a console's whole life (the server, the demo simulator): V8
 * keeps a module's whole source text in memory, and one non-ASCII character (in a comment) stores all of it
 * two bytes a character, so the server's 11.7 MB of source took 22 MB of heap. Without comments and
 * whitespace the text is plain ASCII and about half the size; names stay (stack traces and the source map).
 */
const COMPACT = { minifyWhitespace: true, minifySyntax: true, legalComments: 'none', charset: 'ascii' };

/**
 * Writes the characters esbuild leaves in regular expressions beyond ASCII as `\u` escapes (the same
 * characters to the regular expression, a string or an identifier), so the whole text stays one byte a character.
 */
function escapeNonAscii(file) {
  const code = readFileSync(file, 'utf8');
  const escaped = code.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (escaped !== code) writeFileSync(file, escaped);
}

// The simulator's command line with mqtt and zod: nothing native, so nothing stays outside.
const SIMULATOR_SOURCES = ['apps/simulator/src', 'packages/domain/src', 'package-lock.json', 'scripts/lib/builds.mjs'];

/**
 * Builds the simulator bundle (`apps/simulator/src/cli.ts` and its packages) when it is missing or older
 * than its sources, so the demo simulator starts without a TypeScript loader (`launchSimulator`'s `bundle`).
 */
export function ensureSimulatorBuilt() {
  return ensureBundle(simulatorBundle, SIMULATOR_SOURCES, (outfile) =>
    bundle(join(root, 'apps/simulator/src/cli.ts'), { outfile, ...COMPACT }, []).then(() => escapeNonAscii(outfile)),
  );
}

/**
 * Builds `output` with `build` when it is missing, older than its `sources` or without one of its
 * `companions`; `whole` builds write one file, which `writeBundle` puts in place, others put theirs.
 */
async function ensureBundle(output, sources, build, companions = [], whole = true) {
  if (isFresh(output, sources) && companions.every((file) => existsSync(file))) return false;
  if (whole) await writeBundle(output, build);
  else await build(output);
  return true;
}

/**
 * Builds a bundle beside `output` and then renames it into place, so that two starts at once (the two
 * browser-test parts) never run a half-written bundle.
 */
async function writeBundle(output, build) {
  const temporary = `${output.slice(0, -'.mjs'.length)}-${process.pid}.mjs`;
  await build(temporary);
  const code = readFileSync(temporary, 'utf8').replace(
    `//# sourceMappingURL=${basename(temporary)}.map`,
    `//# sourceMappingURL=${basename(output)}.map`,
  );
  writeFileSync(temporary, code);
  renameSync(`${temporary}.map`, `${output}.map`);
  renameSync(temporary, output);
}

/**
 * Bundles the server into `outfile` as `npm start` runs it. The file must sit in the repository (next to
 * the default bundle), so that the packages left outside the bundle resolve from its node_modules.
 */
export async function buildServerBundle(outfile, worker = reportWorkerBundleOf(outfile)) {
  await writeReportWorker(worker);
  // The console starts its report worker from this file (services/reports/report-builder.ts).
  const define = { LIGHTWELL_REPORT_WORKER: JSON.stringify(pathToFileURL(worker).href) };
  await bundle(join(root, 'apps/server/src/server.ts'), { outfile, ...COMPACT }, SERVER_EXTERNALS, define);
  escapeNonAscii(outfile);
}

/** Removes a server bundle built by `buildServerBundle` into a file of its own, with its report worker. */
export function removeServerBundle(outfile) {
  rmSync(outfile, { force: true });
  rmSync(`${outfile}.map`, { force: true });
  rmSync(dirname(reportWorkerBundleOf(outfile)), { recursive: true, force: true });
}

/** Chunks of an earlier report worker build kept this long, for a console still running it that loads them later. */
const OLD_CHUNKS_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Builds the report worker into the folder of `entry`: its entry file and, split off it, one chunk per
 * writer (pdfkit, the fonts and ECharts for PDFs; exceljs for spreadsheets) and the code they share, so a
 * worker starts with the figures' code only (about 30 MB less at its start than one file of it all) and a
 * build loads only its own writer. The chunks, named by their content, are moved in first and the entry
 * last, so a console starting meanwhile runs one whole build or the other; chunks no build names any more
 * are removed after a day.
 */
async function writeReportWorker(entry) {
  const folder = dirname(entry);
  const temporary = `${folder}-${process.pid}`;
  rmSync(temporary, { recursive: true, force: true });
  const source = join(root, 'apps/server/src/services/reports/report-worker.ts');
  await bundle(source, { outdir: temporary, splitting: true, entryNames: '[name]' }, SERVER_EXTERNALS);
  mkdirSync(folder, { recursive: true });
  const built = readdirSync(temporary);
  const entryName = basename(entry);
  for (const name of built) {
    if (name !== entryName && name !== `${entryName}.map`) renameSync(join(temporary, name), join(folder, name));
  }
  renameSync(join(temporary, `${entryName}.map`), `${entry}.map`);
  renameSync(join(temporary, entryName), entry);
  rmSync(temporary, { recursive: true, force: true });
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (!built.includes(name) && Date.now() - statSync(path).mtimeMs > OLD_CHUNKS_KEPT_MS)
      rmSync(path, { force: true });
  }
}

/** The report worker bundle the server's tests start their report workers from (vitest.config.ts). */
export const testReportWorkerBundle = join(root, 'apps/server/dist/test-report-worker/report-worker.mjs');

/**
 * Builds the report worker alone into `testReportWorkerBundle` when it is missing or older than the server's
 * sources: tests run the console from its TypeScript sources, and a worker thread started from the sources
 * would compile them all again through tsx (seconds per test file); the bundle starts in a fraction of that.
 */
export function ensureTestReportWorkerBuilt() {
  return ensureBundle(testReportWorkerBundle, SERVER_SOURCES, writeReportWorker, [], false);
}

/**
 * The entry of the report worker that goes with a server bundle: `report-worker.mjs` in a folder beside it,
 * `<name>-report-worker/`, with the chunks split off it (`writeReportWorker`).
 */
export function reportWorkerBundleOf(outfile) {
  return join(`${outfile.slice(0, -'.mjs'.length)}-report-worker`, 'report-worker.mjs');
}

let bundled = false;

/** Ends esbuild's service process after a build, so it does not stay beside the console (hundreds of MB). */
export async function stopBundler() {
  if (bundled) await (await import('esbuild')).stop();
}

/**
 * Bundles `entry` and what it imports into ES modules, leaving `external` packages as imports: into one
 * file (`{ outfile }`) or into a folder with chunks split off (`{ outdir, splitting: true, … }`); `define`
 * replaces global names by values.
 */
async function bundle(entry, output, external, define = {}) {
  const { build } = await import('esbuild');
  bundled = true;
  await build({
    entryPoints: [entry],
    ...output,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    define,
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __lightwellRequire } from 'node:module'; const require = __lightwellRequire(import.meta.url);",
    },
    logLevel: 'warning',
    plugins: [
      {
        name: 'lightwell-workspace',
        setup(b) {
          b.onLoad({ filter: /\.ts$/, namespace: 'file' }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
}
