// npm run dev: the API server from source, restarted when its sources change, with the demo simulator
// beside it, and the Vite dev server (hot reload) proxying /api to it. Logs are readable text.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { runConsole } from './lib/run-console.mjs';

const root = new URL('..', import.meta.url).pathname;
const serverEnv = { LOG_FORMAT: 'pretty', ...process.env };
// The Vite dev server proxies /api to the API server on PORT.
const webEnv = { ...process.env, LIGHTWELL_API: `http://127.0.0.1:${process.env.PORT || 8080}` };
const web = spawn('npm', ['run', 'dev', '-w', '@lightwell/web'], { cwd: root, stdio: 'inherit', env: webEnv });

const startServer = () =>
  runConsole(['--import', 'tsx', join(root, 'apps/server/src/server.ts')], { cwd: root, env: serverEnv });
let server = startServer();
let restarting = null;
let stopping = false;

/** Restarts the server (and its demo simulator) a moment after the last change. */
function scheduleRestart() {
  clearTimeout(restarting);
  restarting = setTimeout(async () => {
    console.log('Sources changed: restarting the server…');
    const previous = server;
    server = null;
    await previous?.stop('SIGTERM');
    if (!stopping) server = startServer();
  }, 300);
}
const watchers = ['apps/server/src', 'packages/domain/src'].map((folder) =>
  watch(join(root, folder), { recursive: true }, (_event, file) => {
    if (file && !file.endsWith('.test.ts')) scheduleRestart();
  }),
);

async function stop(signal) {
  stopping = true;
  for (const watcher of watchers) watcher.close();
  clearTimeout(restarting);
  web.kill(signal);
  await server?.stop(signal);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
web.on('exit', (code) => {
  if (!stopping) {
    process.exitCode = code ?? 0;
    void stop('SIGTERM');
  }
});
