// npm start: builds the web app and the server when missing or older than their sources, then runs the
// server bundle (which applies new migrations, seeds the demo when DEMO is on, and prints the URL and
// demo login) and, in demo mode, the demo simulator beside it. Ctrl-C stops both.
import { ensureServerBuilt, ensureWebBuilt, root, serverBundle } from './lib/builds.mjs';
import { runConsole } from './lib/run-console.mjs';

const started = performance.now();
ensureWebBuilt();
if (await ensureServerBuilt()) console.log('Built the server (first start or changed sources).');
const checked = Math.round(performance.now() - started);
if (['debug', 'trace'].includes(process.env.LOG_LEVEL ?? ''))
  console.log(`start script: builds checked in ${checked} ms`);

const running = runConsole([serverBundle], { cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void running.stop(signal));
process.exit(await running.exited);
