// npm start: builds the web app, the server and the simulator when missing or older than their sources,
// then runs the server bundle (which applies new migrations, seeds the demo when DEMO is on, and prints
// the URL and demo login) and, in demo mode, the simulator bundle beside it. Ctrl-C stops both.
// The web app builds in a process of its own while the bundles are made and, on a first start, the
// embedded database is created; the time of each step is printed when one ran (with LOG_LEVEL=debug always).
import { resolve } from 'node:path';
import { createPgliteDataDir } from '../apps/server/src/start/pglite-data-dir.mjs';
import {
  ensureServerBuilt,
  ensureSimulatorBuilt,
  ensureWebBuiltInBackground,
  root,
  serverBundle,
  simulatorBundle,
  stopBundler,
} from './lib/builds.mjs';
import { runConsole } from './lib/run-console.mjs';
import { formatPhases, timePhase } from './lib/start-phases.mjs';

const started = performance.now();
const phases = {};
/** The embedded database's data folder as the server reads it (config.ts), or null with DATABASE_URL. */
const embeddedDataDir = process.env.DATABASE_URL ? null : resolve(root, process.env.DATA_DIR || '.data');

await Promise.all([
  timePhase(phases, 'web app build', ensureWebBuiltInBackground),
  (async () => {
    await timePhase(phases, 'server bundle', ensureServerBuilt);
    await timePhase(phases, 'simulator bundle', ensureSimulatorBuilt);
    await stopBundler();
  })(),
  // A folder the server cannot use is left to the server, which names the setting.
  embeddedDataDir &&
    timePhase(phases, 'database create', () => createPgliteDataDir(embeddedDataDir)).catch(() => undefined),
]);
const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
const firstStart = Object.keys(phases).length > 0;
if (firstStart || verbose) {
  console.log(`start script: ${formatPhases(phases)}, ready to start in ${Math.round(performance.now() - started)} ms`);
}

const running = runConsole([serverBundle], {
  cwd: root,
  simulatorBundle,
  onReady: (server) => {
    if (firstStart || verbose) console.log(`console start: ${formatPhases(server.phases ?? {})}`);
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void running.stop(signal));
process.exit(await running.exited);
