// npm run drill:processes: two, then three console processes (the server bundle) share one PostgreSQL
// database and one Mosquitto broker (shared subscriptions) while BENCH_GATEWAYS (1,000) simulated gateways
// with BENCH_DEVICES (20) devices each send a readings report every BENCH_PERIOD_MS (1000). After
// BENCH_WARMUP_S (20) one console is killed with SIGKILL and started again, then Mosquitto is restarted, then
// PostgreSQL (each followed by BENCH_SETTLE_S, 15), while light commands go through the API of every
// process. Before each fault, function tests start on the emergency fittings of BENCH_EMERGENCY_NETWORKS
// (100) networks (`emergencyAction`, as the console's page starts them; BENCH_FUNCTION_TEST_S, 5, on battery)
// so that their results arrive while the fault lasts. Then the gateways stop, every report is awaited until
// confirmed, and what they produced is compared with what is stored (count, missing, duplicated, SHA-256 of
// the sorted lines as bench:ingest); each test result a fitting reported must be graded into exactly one
// test record; no task may stay open past its deadline. Prints one line per process count; exits 1 on any
// loss, duplicate or stuck command. Everything runs on 127.0.0.1 in a PostgreSQL cluster and a Mosquitto of the
// drill's own (cluster.ts); BENCH_PROCESSES (2,3) chooses the counts.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, isTaskEnded } from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { ensureServerBuilt, serverBundle, stopBundler } from '../../scripts/lib/builds.mjs';
import { freePort } from '../src/free-port.ts';
import { compareStored } from '../src/ingest-compare.ts';
import { adminQuery, withDatabase } from '../src/scratch-database.ts';
import { postCall, signedBody } from '../src/signed-call.ts';
import {
  ConsoleProcess,
  type PrivateMosquitto,
  type PrivatePostgres,
  startMosquitto,
  startPostgres,
} from './cluster.ts';
import { FleetChild, seedFleet } from './drill-fleet.ts';

const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 1000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 20);
const PERIOD_MS = Number(process.env.BENCH_PERIOD_MS ?? 1000);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 20);
const SETTLE_S = Number(process.env.BENCH_SETTLE_S ?? 15);
const COUNTS = (process.env.BENCH_PROCESSES ?? '2,3').split(',').map(Number);
const EMERGENCY_NETWORKS = Number(process.env.BENCH_EMERGENCY_NETWORKS ?? 100);
const FUNCTION_TEST_S = Number(process.env.BENCH_FUNCTION_TEST_S ?? 5);
/** Longest wait for the last confirmations, then for the tasks' ends. */
const DRAIN_LIMIT_MS = 300_000;
const SIGNING_SECRET = 'drill-signing-secret-0123456789';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** The drill's view of one run: the parts, and what it measured. */
interface Run {
  db: Db;
  consoles: ConsoleProcess[];
  fleet: FleetChild;
  nids: number[];
  token: string;
  uid: number;
  commands: { sent: number; refused: Map<string, number> };
  /** Function tests asked for: calls, fittings the console started them on, refusals by code. */
  tests: { calls: number; fittings: number; refused: Map<string, number> };
  recovery: string[];
}

/** A signed API call (as apps/web signs) through the console `i` modulo the count; answers the body. */
function call(run: Run, i: number, path: string, payload: Record<string, unknown>) {
  const port = run.consoles[i % run.consoles.length]!.port;
  return postCall(`http://127.0.0.1:${port}`, path, signedBody(payload, run, SIGNING_SECRET, 'drill-processes'));
}

/** Light commands on a few networks, through every process; a call refused (database away) is counted by phase and code (-1: no answer in 10 s). */
function sendCommands(run: Run, count: number, phase: 'during' | 'after'): Promise<void>[] {
  return Array.from({ length: count }, async (_, i) => {
    const nid = run.nids[Math.floor(Math.random() * run.nids.length)]!;
    run.commands.sent += 1;
    const answer = await call(run, i, calls.controlLight.path, {
      nid,
      target: { kind: 'network' },
      onOff: i % 2,
    }).catch(() => ({ code: -1 }));
    if (answer.code === 0) return;
    const code = `${phase} ${answer.code}`;
    run.commands.refused.set(code, (run.commands.refused.get(code) ?? 0) + 1);
  });
}

/** Function tests on every emergency fitting of the first EMERGENCY_NETWORKS networks, through every process. */
async function startTests(run: Run): Promise<void> {
  await Promise.all(
    run.nids.slice(0, EMERGENCY_NETWORKS).map(async (nid, i) => {
      run.tests.calls += 1;
      const answer = (await call(run, i, calls.emergencyAction.path, {
        nid,
        target: { kind: 'network' },
        action: 'functionTest',
      }).catch(() => ({ code: -1 }))) as { code: number; data?: { fittings: number } };
      if (answer.code === 0) run.tests.fittings += answer.data?.fittings ?? 0;
      else run.tests.refused.set(String(answer.code), (run.tests.refused.get(String(answer.code)) ?? 0) + 1);
    }),
  );
}

/**
 * The holes in the gateways' report streams now: gateways whose stored mark is held back by a missing report
 * above which later ones are stored, and the most separate missing runs one gateway has (each needs its own
 * resend request, at most one per gateway every 5 s).
 */
async function countHoles(run: Run): Promise<string> {
  const [row] = await rowsOf<{ gateways: string; most: string | null }>(
    run.db,
    sql`SELECT count(*)::text AS gateways, max(holes)::text AS most FROM (
          SELECT r.gateway_id, count(*) AS holes FROM report_receipts r
            JOIN report_marks m ON m.gateway_id = r.gateway_id
           WHERE r.seq > m.stored_up_to + 1
             AND NOT EXISTS (SELECT 1 FROM report_receipts p WHERE p.gateway_id = r.gateway_id AND p.seq = r.seq - 1)
             AND NOT EXISTS (SELECT 1 FROM report_gaps g WHERE g.gateway_id = r.gateway_id AND g.to_seq = r.seq - 1)
           GROUP BY r.gateway_id) h`,
  );
  return `${row?.gateways ?? 0} gateways with holes, up to ${row?.most ?? 0} each`;
}

/**
 * Runs a fault (`act`, then `repair` if any) and measures the recovery: the time from the fault until the
 * fleet hears a confirmation it did not have when `act` ended (progress comes every second), and until
 * /readyz answers 200 on every process after `repair`. Function tests start a test's length before the
 * fault, so that their results arrive while it lasts.
 */
async function fault(run: Run, name: string, act: () => Promise<void> | void, repair?: () => Promise<void>) {
  await startTests(run);
  await pause(Math.max(0, FUNCTION_TEST_S * 1000 - 1000));
  const began = Date.now();
  const commands = sendCommands(run, 4, 'during');
  await act();
  const confirmedThen = run.fleet.latest.confirmed ?? 0;
  // The holes the fault left, 3 s after it (the database away after its restart: none counted).
  const holes = pause(3000)
    .then(() => countHoles(run))
    .catch(() => 'holes not counted');
  const [flowing] = await Promise.all([
    run.fleet.next((m) => (m.confirmed ?? 0) > confirmedThen).then(() => Date.now() - began),
    (async () => {
      await repair?.();
      await Promise.all(run.consoles.map((c) => c.whenReady()));
    })(),
  ]);
  const ready = Date.now() - began;
  await Promise.all([...commands, ...sendCommands(run, 4, 'after')]);
  run.recovery.push(`${name} ${seconds(flowing)}/${seconds(ready)} (${await holes})`);
  await pause(SETTLE_S * 1000);
}

/**
 * Compares the test results the fittings reported with the graded test records stored (each by gateway,
 * report number, fitting, kind and start): every result graded once, none lost, none made up.
 */
async function compareResults(run: Run, produced: readonly string[]) {
  const stored = await rowsOf<{ line: string; grade: string }>(
    run.db,
    sql`SELECT gateway_sn || ':' || report_seq || ':' || mac || ':' || kind || ':' ||
               extract(epoch FROM started_at)::bigint AS line, grade
        FROM emergency_test_records WHERE grade <> 'missed'`,
  );
  const lines = stored.map((row) => row.line);
  const storedSet = new Set(lines);
  const producedSet = new Set(produced);
  const duplicated = lines.length - storedSet.size;
  const lost = produced.filter((line) => !storedSet.has(line)).length;
  const extra = [...storedSet].filter((line) => !producedSet.has(line)).length;
  const grades = new Map<string, number>();
  for (const row of stored) grades.set(row.grade, (grades.get(row.grade) ?? 0) + 1);
  const text =
    `emergency results produced ${produced.length}, graded ${lines.length} (${lost} lost, ${duplicated} duplicated, ` +
    `${extra} unknown; ${JSON.stringify(Object.fromEntries(grades))}) of ${run.tests.fittings} fittings started ` +
    `in ${run.tests.calls} calls (refused by code: ${JSON.stringify(Object.fromEntries(run.tests.refused))})`;
  return { text, ok: produced.length > 0 && lost === 0 && duplicated === 0 && extra === 0 };
}

/** Waits until every task ended or the latest deadline is 30 s past; answers the open and ended counts. */
async function settleTasks(run: Run) {
  const limit = Date.now() + DRAIN_LIMIT_MS;
  for (;;) {
    const rows = await rowsOf<{ status: number; n: string; late: boolean }>(
      run.db,
      sql`SELECT status, count(*)::text AS n, bool_or(deadline_at < now() - interval '30 seconds') AS late
          FROM tasks GROUP BY status`,
    );
    const open = rows.filter((r) => !isTaskEnded(r.status));
    if (open.length === 0 || open.every((r) => r.late) || Date.now() > limit) {
      const count = (test: (status: number) => boolean) =>
        rows.filter((r) => test(r.status)).reduce((n, r) => n + Number(r.n), 0);
      return { stuck: count((s) => !isTaskEnded(s)), ended: count(isTaskEnded), byStatus: rows };
    }
    await pause(1000);
  }
}

/** Starts the processes and the fleet of one run on a new database; answers the run once readings flow. */
async function prepare(n: number, pg: PrivatePostgres, mqtt: PrivateMosquitto, dir: string, url: string) {
  const database = await openDatabase({ url, dataDir: join(dir, 'db') });
  const seeded = await seedFleet(database.db, dir, GATEWAYS, DEVICES, `drill-${n}-${randomBytes(3).toString('hex')}`, {
    functionTestSeconds: FUNCTION_TEST_S,
  });
  const env = {
    DATABASE_URL: url,
    MQTT_URL: mqtt.url,
    MQTT_SHARE_GROUP: `drill-${n}`,
    SIGNING_SECRET,
    SERVER_SECRET: 'drill-server-secret-0123456789abcdef0123',
    DEMO: 'false',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
  };
  const consoles = await Promise.all(
    Array.from({ length: n }, async () => new ConsoleProcess(await freePort(), serverBundle, env)),
  );
  for (const c of consoles) await c.start();
  const fleet = new FleetChild(seeded.file, mqtt.url, PERIOD_MS);
  const began = Date.now();
  await fleet.next((m) => m.connected !== undefined);
  for (;;) {
    const [known] = await rowsOf<{ n: string }>(database.db, sql`SELECT count(*)::text AS n FROM devices`);
    if (Number(known?.n ?? 0) >= seeded.devices) break;
    await pause(500);
  }
  const login = await fetch(`http://127.0.0.1:${consoles[0]!.port}${calls.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: seeded.email, password: seeded.password }),
  }).then((r) => r.json() as Promise<{ data: { token: string; uid: number } }>);
  const run: Run = {
    db: database.db,
    consoles,
    fleet,
    nids: seeded.nids,
    token: login.data.token,
    uid: login.data.uid,
    commands: { sent: 0, refused: new Map() },
    tests: { calls: 0, fittings: 0, refused: new Map() },
    recovery: [],
  };
  return { run, database, connectedIn: Date.now() - began, pg };
}

/** One drill with `n` processes; answers its line and whether it passed. */
async function drill(n: number, pg: PrivatePostgres, mqtt: PrivateMosquitto) {
  const name = `lw_drill_processes_${n}_${process.pid}`;
  await adminQuery(pg.url, `CREATE DATABASE ${name}`);
  const dir = mkdtempSync(join(tmpdir(), 'lw-drill-processes-'));
  const { run, database, connectedIn } = await prepare(n, pg, mqtt, dir, withDatabase(pg.url, name));
  run.fleet.send({ start: true });
  await pause(WARMUP_S * 1000);
  const victim = run.consoles[n - 1]!;
  await fault(
    run,
    'kill -9',
    () => victim.stop('SIGKILL'),
    () => victim.start(),
  );
  await fault(run, 'Mosquitto', () => mqtt.restart());
  await fault(run, 'PostgreSQL', () => pg.restart());
  run.fleet.send({ stop: true });
  const drainBegan = Date.now();
  const done = await Promise.race([run.fleet.next((m) => m.done === true), pause(DRAIN_LIMIT_MS).then(() => null)]);
  const drained = Date.now() - drainBegan;
  const readings = done
    ? await compareStored(run.db, done)
    : { text: `NOT every report confirmed after ${seconds(DRAIN_LIMIT_MS)}`, ok: false };
  const results = done ? await compareResults(run, done.resultLines ?? []) : { text: '', ok: false };
  const tasks = await settleTasks(run);
  const line =
    `${n} processes, ${GATEWAYS} gateways × ${DEVICES} devices (connected in ${seconds(connectedIn)}): ${readings.text}; ` +
    `${results.text}; ` +
    `last confirmation ${seconds(drained)} after the stop; ` +
    `commands ${run.commands.sent} sent (refused by code: ${JSON.stringify(Object.fromEntries(run.commands.refused))}), ${tasks.ended} tasks ended, ${tasks.stuck} stuck; ` +
    `recovery (confirmations/readyz) ${run.recovery.join(', ')}`;
  run.fleet.kill();
  for (const c of run.consoles) await c.stop('SIGTERM');
  await database.close();
  await adminQuery(pg.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  rmSync(dir, { recursive: true, force: true });
  return { line, ok: readings.ok && results.ok && tasks.stuck === 0 };
}

await ensureServerBuilt();
await stopBundler();
const pg = await startPostgres();
const mqtt = await startMosquitto();
// Ctrl-C: the cluster and the broker run detached from this process group's end, so stop them here.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await mqtt.stop();
    pg.stop();
    process.exit(130);
  });
}
let failed = false;
try {
  for (const n of COUNTS) {
    const { line, ok } = await drill(n, pg, mqtt);
    console.log(`${ok ? 'ok' : 'FAILED'}: ${line}`);
    failed ||= !ok;
  }
} finally {
  await mqtt.stop();
  pg.stop();
}
process.exit(failed ? 1 : 0);
