// Builds that npm start makes once and then reuses while their sources are unchanged: the web app
// (Vite), the server and the demo simulator (each one ES module bundled by esbuild, so no TypeScript is
// compiled at each start).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
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

/** Builds the web app when it is missing or older than its sources. */
export function ensureWebBuilt() {
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/domain/src',
    'package-lock.json',
  ];
  if (isFresh(join(root, 'apps/web/dist/index.html'), sources)) return false;
  console.log('Building the web app (first start or changed sources)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@lightwell/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
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

// The simulator's command line with mqtt and zod: nothing native, so nothing stays outside.
const SIMULATOR_SOURCES = ['apps/simulator/src', 'packages/domain/src', 'package-lock.json', 'scripts/lib/builds.mjs'];

/**
 * Builds the simulator bundle (`apps/simulator/src/cli.ts` and its packages) when it is missing or older
 * than its sources, so the demo simulator starts without a TypeScript loader (`launchSimulator`'s `bundle`).
 */
export function ensureSimulatorBuilt() {
  return ensureBundle(simulatorBundle, SIMULATOR_SOURCES, (outfile) =>
    bundle(join(root, 'apps/simulator/src/cli.ts'), outfile, []),
  );
}

async function ensureBundle(output, sources, build, companions = []) {
  if (isFresh(output, sources) && companions.every((file) => existsSync(file))) return false;
  await writeBundle(output, build);
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
  await writeBundle(worker, (file) =>
    bundle(join(root, 'apps/server/src/services/reports/report-worker.ts'), file, SERVER_EXTERNALS),
  );
  // The console starts its report worker from this file (services/reports/report-builder.ts).
  const define = { LIGHTWELL_REPORT_WORKER: JSON.stringify(pathToFileURL(worker).href) };
  await bundle(join(root, 'apps/server/src/server.ts'), outfile, SERVER_EXTERNALS, define);
}

/** The report worker bundle the server's tests start their report workers from (vitest.config.ts). */
export const testReportWorkerBundle = join(root, 'apps/server/dist/test-report-worker.mjs');

/**
 * Builds the report worker alone into `testReportWorkerBundle` when it is missing or older than the server's
 * sources: tests run the console from its TypeScript sources, and a worker thread started from the sources
 * would compile them all again through tsx (seconds per test file); the bundle starts in a fraction of that.
 */
export function ensureTestReportWorkerBuilt() {
  return ensureBundle(testReportWorkerBundle, SERVER_SOURCES, (outfile) =>
    bundle(join(root, 'apps/server/src/services/reports/report-worker.ts'), outfile, SERVER_EXTERNALS),
  );
}

/** The report worker's bundle that goes with a server bundle: beside it, `<name>-report-worker.mjs`. */
export function reportWorkerBundleOf(outfile) {
  return `${outfile.slice(0, -'.mjs'.length)}-report-worker.mjs`;
}

let bundled = false;

/** Ends esbuild's service process after a build, so it does not stay beside the console (hundreds of MB). */
export async function stopBundler() {
  if (bundled) await (await import('esbuild')).stop();
}

/**
 * Bundles `entry` and what it imports into one ES module, leaving `external` packages as imports; `define`
 * replaces global names by values.
 */
async function bundle(entry, outfile, external, define = {}) {
  const { build } = await import('esbuild');
  bundled = true;
  await build({
    entryPoints: [entry],
    outfile,
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
