// npm start: builds the web app, the server and the simulator when missing or older than their sources,
// then runs the server bundle (which applies new migrations, seeds the demo when DEMO is on, and prints
// the URL and demo login) and, in demo mode, the simulator bundle beside it. Ctrl-C stops both.
import {
  ensureServerBuilt,
  ensureSimulatorBuilt,
  ensureWebBuilt,
  root,
  serverBundle,
  simulatorBundle,
  stopBundler,
} from './lib/builds.mjs';
import { runConsole } from './lib/run-console.mjs';

const started = performance.now();
ensureWebBuilt();
if (await ensureServerBuilt()) console.log('Built the server (first start or changed sources).');
if (await ensureSimulatorBuilt()) console.log('Built the simulator (first start or changed sources).');
await stopBundler();
const checked = Math.round(performance.now() - started);
if (['debug', 'trace'].includes(process.env.LOG_LEVEL ?? ''))
  console.log(`start script: builds checked in ${checked} ms`);

const running = runConsole([serverBundle], { cwd: root, simulatorBundle });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void running.stop(signal));
process.exit(await running.exited);
