// npm run bench:ingest: sustained readings/s from BENCH_GATEWAYS (1,000) simulated gateways over MQTT into the
// console, end to end: the console (buildApp with its embedded broker) runs in this process, the gateways
// (apps/simulator, BENCH_DEVICES devices each, one readings report of the mesh every BENCH_PERIOD_MS) in a
// child process (ingest-fleet.ts). After BENCH_WARMUP_S the confirmed readings are counted for BENCH_SECONDS; then the gateways stop, every report is awaited until confirmed, and what the
// gateways produced is compared with what is stored: count, missing, extra and a SHA-256 of the sorted lines
// (gateway:seq:mac:element:raw). Prints readings/s (min/median/max over the 5 s windows and overall), the
// console's event-loop delay p99 and max meanwhile, and the ratio to the goal (40,000/s on PostgreSQL,
// 8,000/s on PGlite). BENCH_DATABASE_URL uses PostgreSQL (a scratch database, dropped at the end), else
// PGlite in a temp folder. BENCH_MQTT_URL uses that broker (e.g. Mosquitto, as several console processes
// would share) instead of the console's embedded one. BENCH_RUNS repeats the measurement on the same database (a growing table).
// BENCH_PROCESSES (e.g. 1,2,3) measures instead with that many console processes (the server bundle) sharing
// PostgreSQL and the external broker, one line per count (ingest-processes.ts).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { seedFleet } from '../drills/drill-fleet.ts';
import { compareStored } from './ingest-compare.ts';
import { adminQuery, withDatabase } from './scratch-database.ts';

if (process.env.BENCH_PROCESSES) {
  await import('./ingest-processes.ts');
}

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 1000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 20);
const PERIOD_MS = Number(process.env.BENCH_PERIOD_MS ?? 1000);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const GOAL = 40_000;

const serverUrl = process.env.BENCH_DATABASE_URL;
const kind = `${serverUrl ? 'PostgreSQL' : 'PGlite'}${process.env.BENCH_MQTT_URL ? ' via external broker' : ''}`;
const goal = serverUrl ? GOAL : 8000;
const scratch = `lw_bench_ingest_${process.pid}`;
const dataDir = mkdtempSync(join(tmpdir(), 'lw-bench-ingest-'));
if (serverUrl) await adminQuery(serverUrl, `CREATE DATABASE ${scratch}`);
const database = await openDatabase({
  url: serverUrl && withDatabase(serverUrl, scratch),
  dataDir: join(dataDir, 'db'),
});
const secret = 'bench-signing-secret-0123456789';
const app = await buildApp({
  config: loadConfig({
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    SIGNING_SECRET: secret,
    DEMO: 'false',
    DATA_DIR: dataDir,
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    // Every simulated gateway connects from this one address.
    MQTT_MAX_CONNECTIONS_PER_ADDRESS: String(2 * GATEWAYS),
    ...(process.env.BENCH_MQTT_URL ? { MQTT_URL: process.env.BENCH_MQTT_URL } : {}),
  }),
  database,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { db } = database;

// One network per gateway; the devices come with each gateway's inventory when it connects. Light sensors
// are left out: their lux drift sends a state message at every report period, which at a 1 s period is
// 1,000 state messages/s (a real fleet reports every few minutes).
const { file: fleetFile, devices: expected } = await seedFleet(db, dataDir, GATEWAYS, DEVICES, 'bench-ingest');
const brokerUrl = app.ctx.link.brokerUrl;

const child = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./ingest-fleet.ts', import.meta.url).pathname, fleetFile, brokerUrl, String(PERIOD_MS)],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
type FleetMessage = {
  connected?: number;
  produced?: number;
  confirmed?: number;
  done?: boolean;
  lines?: number;
  sha?: string;
};
const waiters: ((message: FleetMessage) => boolean)[] = [];
let latest: FleetMessage = {};
createInterface({ input: child.stdout! }).on('line', (line) => {
  const message = JSON.parse(line) as FleetMessage;
  if (message.confirmed !== undefined) latest = message;
  for (const waiter of [...waiters]) if (waiter(message)) waiters.splice(waiters.indexOf(waiter), 1);
});
const next = (test: (message: FleetMessage) => boolean) =>
  new Promise<FleetMessage>((resolve) =>
    waiters.push((m) => {
      if (!test(m)) return false;
      resolve(m);
      return true;
    }),
  );
const send = (message: unknown) => child.stdin!.write(`${JSON.stringify(message)}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const connectStart = Date.now();
await next((m) => m.connected !== undefined);
console.log(
  `${kind}: ${GATEWAYS} gateways × ${DEVICES} devices connected and announced in ${((Date.now() - connectStart) / 1000).toFixed(1)} s; report period ${PERIOD_MS} ms`,
);
// Reports of a device the console does not know yet are not kept: wait for every inventory to be applied.
for (;;) {
  const [known] = await rowsOf<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM devices`);
  if (Number(known?.n ?? 0) >= expected) break;
  await pause(500);
}
console.log(`${kind}: ${expected} devices known ${((Date.now() - connectStart) / 1000).toFixed(1)} s after the start`);
send({ start: true });
await pause(WARMUP_S * 1000);

for (let run = 1; run <= RUNS; run += 1) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const windows: number[] = [];
  const began = { at: Date.now(), confirmed: latest.confirmed ?? 0, produced: latest.produced ?? 0 };
  let mark = { ...began };
  while (Date.now() - began.at < SECONDS * 1000) {
    await pause(5000);
    const now = { at: Date.now(), confirmed: latest.confirmed ?? 0, produced: latest.produced ?? 0 };
    windows.push(((now.confirmed - mark.confirmed) * 1000) / (now.at - mark.at));
    mark = now;
  }
  loop.disable();
  const rate = ((mark.confirmed - began.confirmed) * 1000) / (mark.at - began.at);
  const offered = ((mark.produced - began.produced) * 1000) / (mark.at - began.at);
  const [count] = await rowsOf<{ rows: string }>(db, sql`SELECT count(*)::text AS rows FROM telemetry_readings`);
  const rows = Number(count?.rows ?? 0);
  console.log(
    `${kind} run ${run}: ${Math.round(rate)} readings/s stored and confirmed (offered ${Math.round(offered)}/s); ` +
      `5 s windows min/median/max ${Math.round(Math.min(...windows))}/${Math.round(median(windows))}/${Math.round(Math.max(...windows))}; ` +
      `event loop p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; ` +
      `${rows} readings stored; ${(rate / goal).toFixed(2)}× the goal of ${goal}/s`,
  );
  console.log(`${kind} run ${run}: readings/s per 5 s window ${windows.map((w) => Math.round(w)).join(' ')}`);
}

// How many rollup and device updates stayed on their row's page (heap-only: no new index entries) — what the
// fillfactor of the rollups and devices is for (migrations 0017, 0032).
const hot = await rowsOf<{ relname: string; upd: string; hot: string }>(
  db,
  sql`SELECT relname, n_tup_upd::text AS upd, n_tup_hot_upd::text AS hot FROM pg_stat_user_tables
      WHERE relname IN ('telemetry_hourly', 'telemetry_daily', 'devices') ORDER BY relname DESC`,
);
console.log(
  `${kind}: rollup updates kept on their page ${hot
    .map((t) => `${t.relname} ${((Number(t.hot) * 100) / Math.max(1, Number(t.upd))).toFixed(0)} % of ${t.upd}`)
    .join(', ')}`,
);

send({ stop: true });
const done = await next((m) => m.done === true);
console.log(`${kind}: ${(await compareStored(db, done)).text}`);
await app.close();
await database.close();
if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
