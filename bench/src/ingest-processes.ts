// bench:ingest with BENCH_PROCESSES (e.g. 1,2,3): the same measurement for each count of console processes
// (the server bundle, as bench/drills/processes.ts starts them) sharing one PostgreSQL database and the
// external broker (BENCH_MQTT_URL, e.g. Mosquitto on 18883): the consoles subscribe to the gateways' topics
// through one MQTT shared subscription ($share/<group>/…), so the broker hands each message to one of them.
// Per count: a scratch database on BENCH_DATABASE_URL, BENCH_GATEWAYS simulated gateways with BENCH_DEVICES
// devices (bench/src/ingest-fleet.ts), BENCH_WARMUP_S, then readings/s confirmed over BENCH_SECONDS, then the
// gateways stop, every report is awaited until confirmed and what they produced is compared with what is
// stored (count, duplicated, lost, SHA-256). One line per count; exit 1 on any loss, duplicate or checksum
// difference.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { ensureServerBuilt, serverBundle, stopBundler } from '../../scripts/lib/builds.mjs';
import { ConsoleProcess } from '../drills/cluster.ts';
import { FleetChild, seedFleet } from '../drills/drill-fleet.ts';
import { freePort } from './free-port.ts';
import { compareStored } from './ingest-compare.ts';
import { adminQuery, withDatabase } from './scratch-database.ts';

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 1000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 20);
const PERIOD_MS = Number(process.env.BENCH_PERIOD_MS ?? 1000);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const GOAL = Number(process.env.BENCH_GOAL ?? 40_000);
const COUNTS = (process.env.BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
const serverUrl = process.env.BENCH_DATABASE_URL;
const brokerUrl = process.env.BENCH_MQTT_URL;
if (!serverUrl || !brokerUrl) {
  console.error('BENCH_PROCESSES needs BENCH_DATABASE_URL (PostgreSQL) and BENCH_MQTT_URL (a broker they share)');
  process.exit(2);
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** CPU seconds (user + system) a process used so far, from /proc (Linux); 0 where it cannot be read. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** One measurement with `n` console processes on a new scratch database; answers its line and whether it passed. */
async function measure(n: number, url: string, mqtt: string): Promise<{ line: string; ok: boolean }> {
  const name = `lw_bench_ingest_${n}p_${process.pid}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const dir = mkdtempSync(join(tmpdir(), 'lw-bench-ingest-'));
  const database = await openDatabase({ url: withDatabase(url, name), dataDir: join(dir, 'db') });
  const { db } = database;
  const seed = `ingest-${n}p-${randomBytes(3).toString('hex')}`;
  const seeded = await seedFleet(db, dir, GATEWAYS, DEVICES, seed);
  const env = {
    DATABASE_URL: withDatabase(url, name),
    MQTT_URL: mqtt,
    MQTT_SHARE_GROUP: seed,
    SIGNING_SECRET: 'bench-signing-secret-0123456789',
    SERVER_SECRET: 'bench-server-secret-0123456789abcdef0123',
    DEMO: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
  };
  const consoles = await Promise.all(
    Array.from({ length: n }, async () => new ConsoleProcess(await freePort(), serverBundle, env)),
  );
  let started: FleetChild | null = null;
  // Ctrl-C or a kill: the children would outlive this process.
  const abort = async () => {
    started?.kill();
    for (const c of consoles) await c.stop('SIGKILL');
    process.exit(130);
  };
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  for (const c of consoles) await c.start();
  // Started once the consoles subscribed: the broker drops a message nobody subscribed to yet.
  const fleet = new FleetChild(seeded.file, mqtt, PERIOD_MS);
  started = fleet;
  await fleet.next((m) => m.connected !== undefined);
  for (;;) {
    const [known] = await rowsOf<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM devices`);
    if (Number(known?.n ?? 0) >= seeded.devices) break;
    await pause(500);
  }
  fleet.send({ start: true });
  await pause(WARMUP_S * 1000);
  const cpu = () => consoles.reduce((s, c) => s + cpuSeconds(c.pid), 0);
  const began = { at: Date.now(), confirmed: fleet.latest.confirmed ?? 0, produced: fleet.latest.produced ?? 0 };
  const cpuBefore = cpu();
  const windows: number[] = [];
  let mark = { ...began };
  while (Date.now() - began.at < SECONDS * 1000) {
    await pause(5000);
    const now = { at: Date.now(), confirmed: fleet.latest.confirmed ?? 0, produced: fleet.latest.produced ?? 0 };
    windows.push(((now.confirmed - mark.confirmed) * 1000) / (now.at - mark.at));
    mark = now;
  }
  const elapsed = (mark.at - began.at) / 1000;
  const rate = (mark.confirmed - began.confirmed) / elapsed;
  const offered = (mark.produced - began.produced) / elapsed;
  const consoleCpu = (cpu() - cpuBefore) / elapsed;
  fleet.send({ stop: true });
  const done = await fleet.next((m) => m.done === true);
  const compared = await compareStored(db, done);
  const line =
    `${n} process${n === 1 ? '' : 'es'}: ${Math.round(rate)} readings/s stored and confirmed (offered ${Math.round(offered)}/s); ` +
    `5 s windows min/median/max ${Math.round(Math.min(...windows))}/${Math.round(median(windows))}/${Math.round(Math.max(...windows))}; ` +
    `consoles' CPU ${consoleCpu.toFixed(2)} cores; ${(rate / GOAL).toFixed(2)}× the goal of ${GOAL}/s; ${compared.text}`;
  process.off('SIGINT', abort);
  process.off('SIGTERM', abort);
  fleet.kill();
  for (const c of consoles) await c.stop('SIGTERM');
  await database.close();
  await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
  return { line, ok: compared.ok };
}

await ensureServerBuilt();
await stopBundler();
let ok = true;
const lines: string[] = [];
for (const n of COUNTS) {
  const result = await measure(n, serverUrl, brokerUrl);
  console.log(`PostgreSQL via external broker, ${GATEWAYS} gateways × ${DEVICES} devices, ${result.line}`);
  lines.push(result.line);
  ok &&= result.ok;
}
process.exit(ok ? 0 : 1);
