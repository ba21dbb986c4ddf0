// npm run bench:report: the reports people forward, built by the console as it ships, on PostgreSQL. Fills a
// scratch database with a project of one network of BENCH_DEVICES luminaires (1,000) in 50 zones, with
// BENCH_DAYS days (365, up to the last local midnight, Europe/London) of hourly D4i readings (their counter
// and operating time) and the hourly, daily and monthly rollups and heat-map cells the console builds from
// them, all generated inside PostgreSQL. Then starts the server bundle `npm start` runs as a process of its
// own on that database, signs in as the project's owner and, as the report pages do, asks for the monthly
// project PDF (the last whole month, every section) and the yearly per-device XLSX (the whole network, the
// last BENCH_DAYS local days), follows each job's state (every 100 ms) and downloads its file through
// `fileDownloadUrl`, BENCH_RUNS times (2) each. Meanwhile BENCH_USERS (4) simulated users keep calling what
// the network overview (/home/network) and the report list show (a call, then 200 ms of reading), and the
// console's resident memory is read from /proc every 100 ms. Prints, per run, the time from asking to the
// downloaded file (and of it, the wait in the queue and the build as the job's row records them), the
// rise of the console's RSS over its level just before, and the pages' p95; then a table of figure, goal
// and ratio (the slower run, the larger rise, the pages' p95 over every build). Figures, not assertions.
// BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test); the scratch
// database is dropped at the end unless BENCH_KEEP=1, which keeps it (named by its size) and reuses it.
// BENCH_BUNDLE runs a server bundle built before (another version, for a before/after figure);
// BENCH_NODE_ARGS gives the console Node.js options (`--cpu-prof --cpu-prof-dir=…`).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  addDays,
  type CallName,
  calls,
  formatLocalDate,
  localDateOf,
  type ReportJob,
  signParams,
  startOfLocalDay,
} from '@lightwell/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { rollupMonths } from '../../apps/server/src/telemetry/month-rollups.ts';
import { ensurePartitions } from '../../apps/server/src/telemetry/write-readings.ts';
import { buildServerBundle, removeServerBundle, root } from '../../scripts/lib/builds.mjs';
import { freePort } from '../src/free-port.ts';
import { adminExists, adminQuery, withDatabase } from '../src/scratch-database.ts';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const USERS = Number(process.env.BENCH_USERS ?? 4);
const KEEP = process.env.BENCH_KEEP === '1';
const ZONE_COUNT = 50;
const THINK_MS = 200;
const SAMPLE_MS = 100;
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const scratch = KEEP ? `lw_bench_report_${DEVICES}x${DAYS}` : `lw_bench_report_${process.pid}`;
const scratchUrl = withDatabase(serverUrl, scratch);
const TIME_ZONE = 'Europe/London';
const SECRET = 'bench-signing-secret-0123456789';
const LOGIN = { email: 'owner@bench.example', password: 'bench-report-password' };
const GOALS = { pdfMs: 3000, xlsxMs: 30_000, rssMiB: 150, pageP95Ms: 300 };

// The data ends at the last local midnight; the reports cover the last whole month and the last DAYS days.
const today = localDateOf(Math.floor(Date.now() / 1000), TIME_ZONE);
const END = startOfLocalDay(today, TIME_ZONE);
const START = startOfLocalDay(addDays(today, -DAYS), TIME_ZONE);
const lastDay = formatLocalDate(localDateOf(END - 1, TIME_ZONE));
const firstDay = formatLocalDate(localDateOf(START, TIME_ZONE));
// The last whole local month up to the last day: that day's month when it is its last day, else the one before.
const lastWhole = localDateOf(END - 1, TIME_ZONE);
const monthLast = addDays(lastWhole, 1).day === 1 ? lastDay : formatLocalDate(addDays({ ...lastWhole, day: 1 }, -1));
const monthFirst = `${monthLast.slice(0, 8)}01`;
const s = (ms: number) => (ms / 1000).toFixed(1);
const mib = (kib: number) => kib / 1024;

/** The project, its owner, network, gateway, zones and luminaires, readings, and the rollups of them. */
async function fill() {
  const database = await openDatabase({ url: scratchUrl, dataDir: 'memory://' });
  const { db } = database;
  try {
    const began = performance.now();
    console.log(
      `Filling ${DEVICES} luminaires × ${DAYS} days of hourly readings (${(DEVICES * DAYS * 24).toLocaleString('en')} rows), ${firstDay} to ${lastDay}…`,
    );
    const hash = await hashPassword(LOGIN.password);
    await db.execute(
      sql`INSERT INTO users (name, email, password_hash) VALUES ('Bench owner', ${LOGIN.email}, ${hash})`,
    );
    await db.execute(sql`INSERT INTO projects (name, created_by) VALUES ('Bench project', 1)`);
    await db.execute(sql`INSERT INTO project_users (pid, uid, is_default) VALUES (1, 1, true)`);
    await db.execute(
      sql`INSERT INTO networks (pid, name, created_by, time_zone, currency, electricity_price, created_at)
          VALUES (1, 'Bench site', 1, ${TIME_ZONE}, 'EUR', 30, to_timestamp(${START - 86_400}))`,
    );
    await db.execute(sql`INSERT INTO network_users (nid, uid, user_type) VALUES (1, 1, 2)`);
    await db.execute(
      sql`INSERT INTO tariff_versions (nid, valid_from, price_per_kwh, currency, standing_charge_per_day)
          VALUES (1, ${formatLocalDate(localDateOf(START - 86_400, TIME_ZONE))}, 30, 'EUR', 50)`,
    );
    await db.execute(sql`INSERT INTO gateways (nid, sn, name, secret_hash) VALUES (1, 'bench-report', 'Bench', 'x')`);
    await db.execute(
      sql`INSERT INTO zones (nid, name, points)
          SELECT 1, 'Zone ' || z, '[]'::jsonb FROM generate_series(1, ${ZONE_COUNT}) z`,
    );
    await db.execute(
      sql`INSERT INTO devices (nid, gateway_id, kind, name, model, mac, address, rated_power, online, created_at)
          SELECT 1, 1, 'luminaire', 'Luminaire ' || d, 'LW-B', lpad(to_hex(d), 12, '0'), d, 40, true,
            to_timestamp(${START - 86_400})
          FROM generate_series(1, ${DEVICES}) d`,
    );
    await db.execute(
      sql`INSERT INTO device_elements (device_id, index, type, is_d4i) SELECT id, 0, 1, true FROM devices`,
    );
    await db.execute(
      sql`INSERT INTO nodes (nid, zone_id, rid, name)
          SELECT 1, ((id - 1) % ${ZONE_COUNT}) + 1, id, 'N' || id FROM devices`,
    );
    const months: Date[] = [];
    for (let at = START; at < END; at += 86_400) months.push(new Date(at * 1000));
    months.push(new Date(END * 1000));
    await ensurePartitions(db, months);
    // A reading at the end of each hour, a day's worth of hours per statement: the D4i counter's delta (lit
    // from 07:00 to 19:00 local time at 40 % to 100 % of 40 W, a standby trickle otherwise) and the driver's
    // operating time.
    const hours = (END - START) / 3600;
    for (let from = 0; from < hours; from += 24) {
      await db.execute(
        sql`INSERT INTO telemetry_readings (gateway_id, seq, device_id, element, at, energy_raw, energy_scale,
              energy_serial, energy_source, energy_status, on_seconds, delta_wh, delta_status, d4i)
            SELECT 1, q, d, 0, to_timestamp(${START} + (q + 1) * 3600), 0, 0, 'S', 'd4i', NULL,
              CASE WHEN lit THEN 3600 ELSE 0 END,
              round((CASE WHEN lit THEN 40 * (0.4 + 0.6 * random()) ELSE 0.5 END)::numeric, 3), 'counted',
              jsonb_build_object('gearOperatingTime', 1000000 + q * 1800)
            FROM generate_series(1, ${DEVICES}) d,
              generate_series(${from}::int, ${Math.min(from + 24, hours) - 1}::int) q,
              LATERAL (SELECT extract(hour FROM to_timestamp(${START} + q * 3600) AT TIME ZONE ${TIME_ZONE})
                BETWEEN 7 AND 18 AS lit) l`,
      );
      if ((from / 24 + 1) % 30 === 0) console.log(`  ${from / 24 + 1} days, ${s(performance.now() - began)} s`);
    }
    await db.execute(
      sql`INSERT INTO telemetry_hourly (device_id, hour, energy_wh, d4i_wh, meter_wh, quarantined_wh, on_seconds,
            triggers, occupied_seconds, readings, rated_seconds, d4i_readings, meter_readings)
          SELECT device_id, date_trunc('hour', at - interval '1 millisecond'), sum(delta_wh), sum(delta_wh), 0, 0,
            sum(on_seconds), 0, 0, count(*), sum(on_seconds), count(*), 0
          FROM telemetry_readings GROUP BY 1, 2 ORDER BY 2, 1`,
    );
    console.log(`  hourly rollups built, ${s(performance.now() - began)} s`);
    await db.execute(
      sql`INSERT INTO telemetry_daily (device_id, day, energy_wh, d4i_wh, meter_wh, quarantined_wh, on_seconds,
            triggers, occupied_seconds, readings, spread_wh, hours_reported, hours_meter, hours_d4i, on_capped_seconds,
            rated_seconds, rated_capped_seconds, d4i_readings, meter_readings)
          SELECT device_id, (hour AT TIME ZONE ${TIME_ZONE})::date, sum(energy_wh), sum(d4i_wh), sum(meter_wh),
            sum(quarantined_wh), sum(on_seconds), sum(triggers), sum(occupied_seconds), sum(readings), sum(spread_wh),
            count(*) FILTER (WHERE readings > 0), count(*) FILTER (WHERE meter_wh > 0),
            count(*) FILTER (WHERE d4i_wh > 0), coalesce(sum(least(on_seconds, 3600)) FILTER (WHERE readings > 0), 0),
            sum(rated_seconds), coalesce(sum(least(rated_seconds, 3600)) FILTER (WHERE readings > 0), 0),
            sum(d4i_readings), sum(meter_readings)
          FROM telemetry_hourly GROUP BY 1, 2 ORDER BY 2, 1`,
    );
    console.log(`  daily rollups built, ${s(performance.now() - began)} s`);
    // The closed months and their heat-map cells, as the console's rollup-months job sums them.
    const done = await rollupMonths(db, new Date());
    await db.execute(sql`ANALYZE`);
    console.log(`  ${done}; filled in ${s(performance.now() - began)} s`);
  } finally {
    await database.close();
  }
}

/** The console as `npm start` ships it, a process of its own on the scratch database; answers its URL. */
async function startConsole(
  bundle: string,
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // Node.js options for the console, e.g. `--cpu-prof --cpu-prof-dir=<dir>` (not allowed in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      MQTT_PORT: String(await freePort()),
      MQTT_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: scratchUrl,
      DEMO: 'false',
      SIGNING_SECRET: SECRET,
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: { type?: string; url?: string }) => {
      if (message.type === 'lightwell:ready' && message.url) resolve(message.url.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`the console ended (${code}): ${output}`)));
  });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM')
      console.log(`The console ended (${code ?? signal}): ${output.slice(-4000)}`);
  });
  return { child, url, output: () => output };
}

interface Answer {
  code: number;
  data: unknown;
  message?: string;
}

/** A signed call as the web app makes it. */
function caller(url: string, session: { token: string; uid: number }) {
  return async (name: CallName, payload: Record<string, unknown>): Promise<Answer> => {
    const body: Record<string, unknown> = {
      ...payload,
      token: session.token,
      uid: session.uid,
      version: '1.0.0',
      platform: 3,
      bundle: 'southgate',
    };
    body.sign = signParams(body, SECRET);
    const post = () =>
      fetch(`${url}${calls[name].path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // A kept-alive connection the console closed as it was reused is tried once more on a new one.
    const response = await post().catch(post);
    const answer = (await response.json()) as Answer;
    if (answer.code !== 0) throw new Error(`${name}: ${answer.code} ${answer.message ?? ''}`);
    return answer;
  };
}

/** A process's resident memory in KiB (VmRSS), 0 once it is gone. */
function residentKiB(pid: number | string): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The resident memory (KiB) of the console's child processes together: its report worker while one runs. */
function childrenKiB(pid: number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return children.reduce((sum, child) => sum + residentKiB(child), 0);
  } catch {
    return 0;
  }
}

/**
 * The console's resident memory in KiB (VmRSS), read every 100 ms, and the largest its child processes (the
 * report worker) held together since the last take: the worker's memory is not the console's, but is shown.
 */
function rssSampler(pid: number) {
  let samples: number[] = [];
  let childrenPeak = 0;
  const timer = setInterval(() => {
    samples.push(residentKiB(pid));
    childrenPeak = Math.max(childrenPeak, childrenKiB(pid));
  }, SAMPLE_MS);
  return {
    /** Samples since the last take, and the children's peak since then. */
    take: () => {
      const taken = { samples, childrenPeak };
      samples = [residentKiB(pid)];
      childrenPeak = 0;
      return taken;
    },
    stop: () => clearInterval(timer),
  };
}

/** CPU seconds the console has used so far (user and system, /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Simulated users on the overview and report list pages: each a call, then a pause; latencies kept by window. */
function pageLoad(call: ReturnType<typeof caller>) {
  const pages: [CallName, Record<string, unknown>][] = [
    ['networkVoByNid', { nid: 1 }],
    ['networkEnergy', { nid: 1, span: '1d' }],
    ['emergencyOverdueSummary', { nid: 1 }],
    ['reportList', { pid: 1, kind: 'project' }],
    ['reportList', { pid: 1, kind: 'device' }],
  ];
  let latencies: number[] = [];
  let slow: { name: CallName; at: number; ms: number }[] = [];
  let failures = 0;
  let running = true;
  let next = 0;
  const user = async () => {
    while (running) {
      const [name, payload] = pages[next++ % pages.length]!;
      const t0 = performance.now();
      try {
        await call(name, payload);
        const ms = performance.now() - t0;
        latencies.push(ms);
        if (ms > GOALS.pageP95Ms) slow.push({ name, at: t0, ms });
      } catch {
        failures += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, THINK_MS));
    }
  };
  const users = Array.from({ length: USERS }, user);
  return {
    take: () => {
      const taken = latencies;
      latencies = [];
      return taken;
    },
    /** The calls over the pages' goal since the last time, with when each started (performance.now()). */
    takeSlow: () => {
      const taken = slow;
      slow = [];
      return taken;
    },
    failures: () => failures,
    stop: async () => {
      running = false;
      await Promise.all(users);
    },
  };
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface Build {
  ms: number;
  /** CPU seconds the console spent meanwhile (the build and the pages): less moved by other work on the machine. */
  cpu: number;
  queuedMs: number;
  builtMs: number;
  bytes: number;
  rssRiseMiB: number;
  /** The report worker's largest RSS while it built (a process of its own, not counted in the rise). */
  workerPeakMiB: number;
  pages: number[];
}

/** Asks for a report, follows its state every 100 ms and downloads it, as the report pages do. */
async function buildOnce(
  call: ReturnType<typeof caller>,
  url: string,
  ask: [CallName, Record<string, unknown>],
  rss: ReturnType<typeof rssSampler>,
  load: ReturnType<typeof pageLoad>,
  admin: pg.Client,
  pid: number,
): Promise<Build> {
  // The level before: the console at rest between builds, the pages still being read.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = rss.take();
  const baseline = percentile(before.samples, 50);
  load.take();
  load.takeSlow();
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  let job = (await call(ask[0], ask[1])).data as ReportJob;
  while (job.state === 'queued' || job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    job = (await call('reportState', { id: job.id })).data as ReportJob;
  }
  if (job.state !== 'done') throw new Error(`report ${job.id} ${job.state}`);
  const link = (await call('fileDownloadUrl', { fileName: job.fileName })).data as { url: string };
  const file = await fetch(new URL(link.url, url));
  const bytes = (await file.arrayBuffer()).byteLength;
  const ms = performance.now() - t0;
  const cpu = cpuSeconds(pid) - cpu0;
  const during = rss.take();
  const pages = load.take();
  // When the slow calls started, in seconds from the ask: beside the job's queue and build, the phase they fell in.
  const slowCalls = load
    .takeSlow()
    .map((entry) => `${entry.name} at ${s(entry.at - t0)} s: ${entry.ms.toFixed(0)} ms`)
    .join('; ');
  if (slowCalls) console.log(`  calls over ${GOALS.pageP95Ms} ms: ${slowCalls}`);
  const row = await admin.query<{ queued: number; built: number }>(
    `SELECT extract(epoch FROM started_at - created_at) * 1000 AS queued,
            extract(epoch FROM finished_at - started_at) * 1000 AS built
     FROM report_jobs WHERE id = $1`,
    [job.id],
  );
  return {
    ms,
    cpu,
    queuedMs: Number(row.rows[0]!.queued),
    builtMs: Number(row.rows[0]!.built),
    bytes,
    rssRiseMiB: mib(Math.max(...during.samples) - baseline),
    workerPeakMiB: mib(during.childrenPeak),
    pages,
  };
}

const existing = await adminExists(serverUrl, scratch);
if (!existing) await adminQuery(serverUrl, `CREATE DATABASE ${scratch}`);
const dataDir = mkdtempSync(join(tmpdir(), 'lightwell-bench-report-'));
const bundle = join(root, `apps/server/dist/bench-report-${randomBytes(4).toString('hex')}.mjs`);
let child: ChildProcess | undefined;
try {
  const probe = await openDatabase({ url: scratchUrl, dataDir: 'memory://' });
  const filled = (await rowsOf(probe.db, sql`SELECT 1 FROM telemetry_monthly LIMIT 1`)).length > 0;
  // A kept database's reports of an earlier run (one cut short may have left a job running) are removed.
  if (filled) await probe.db.execute(sql`DELETE FROM report_jobs`);
  await probe.close();
  if (filled) console.log(`Reusing ${scratch}`);
  else {
    if (existing) await adminQuery(serverUrl, `DROP DATABASE ${scratch} WITH (FORCE)`);
    if (existing) await adminQuery(serverUrl, `CREATE DATABASE ${scratch}`);
    await fill();
  }
  if (!process.env.BENCH_BUNDLE) {
    console.log('Building the server bundle as npm start ships it…');
    await buildServerBundle(bundle);
  }
  const started = await startConsole(process.env.BENCH_BUNDLE ?? bundle, dataDir);
  child = started.child;
  const { url } = started;
  const login = await fetch(`${url}${calls.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LOGIN),
  });
  const session = ((await login.json()) as Answer).data as { token: string; uid: number };
  const call = caller(url, session);
  const admin = new pg.Client({ connectionString: scratchUrl });
  await admin.connect();
  const rss = rssSampler(child.pid!);
  const load = pageLoad(call);
  // The pages at rest, after the console's first round of scheduled jobs: their p95 with no report being built.
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  load.take();
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const idlePages = load.take();
  const idleRss = mib(percentile(rss.take().samples, 50));
  console.log(
    `Console up (RSS ${idleRss.toFixed(0)} MiB); pages at rest, ${USERS} users: p95 ${percentile(idlePages, 95).toFixed(0)} ms (${idlePages.length} calls)`,
  );
  const reports: { name: string; goal: number; ask: [CallName, Record<string, unknown>] }[] = [
    {
      name: `project PDF, ${monthFirst} to ${monthLast}, every section`,
      goal: GOALS.pdfMs,
      ask: [
        'reportProjectCreate',
        {
          pid: 1,
          period: { kind: 'range', from: monthFirst, to: monthLast },
          sections: ['energy', 'cost', 'co2', 'emergency', 'equipment'],
          format: 'pdf',
        },
      ],
    },
    {
      name: `device XLSX, ${DEVICES} devices, ${firstDay} to ${lastDay}`,
      goal: GOALS.xlsxMs,
      ask: [
        'reportDeviceCreate',
        { nid: 1, target: { kind: 'network' }, period: { kind: 'range', from: firstDay, to: lastDay }, format: 'xlsx' },
      ],
    },
  ];
  const results: Build[][] = [];
  for (const report of reports) {
    const builds: Build[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      if (child.exitCode !== null) throw new Error(`the console ended: ${started.output().slice(-4000)}`);
      const build = await buildOnce(call, url, report.ask, rss, load, admin, child.pid!);
      builds.push(build);
      console.log(
        `${report.name}, run ${run}: ${s(build.ms)} s to the downloaded file (queued ${s(build.queuedMs)} s, built ` +
          `${s(build.builtMs)} s; console CPU ${build.cpu.toFixed(1)} s), ${(build.bytes / 1024).toFixed(0)} KiB; ` +
          `RSS +${build.rssRiseMiB.toFixed(0)} MiB (report worker process at most ${build.workerPeakMiB.toFixed(0)} MiB); ` +
          `pages p95 ${percentile(build.pages, 95).toFixed(0)} ms (${build.pages.length} calls)`,
      );
    }
    results.push(builds);
  }
  rss.stop();
  await load.stop();
  if (load.failures() > 0) console.log(`${load.failures()} page calls failed`);
  await admin.end();
  const [pdf, xlsx] = results as [Build[], Build[]];
  const slowest = (builds: Build[]) => Math.max(...builds.map((build) => build.ms));
  const rise = (builds: Build[]) => Math.max(...builds.map((build) => build.rssRiseMiB));
  const pagesDuring = results.flat().flatMap((build) => build.pages);
  const rows: [string, string, string, number][] = [
    ['project PDF, asked → downloaded', `≤ ${s(GOALS.pdfMs)} s`, `${s(slowest(pdf))} s`, slowest(pdf) / GOALS.pdfMs],
    [
      'device XLSX, asked → downloaded',
      `≤ ${s(GOALS.xlsxMs)} s`,
      `${s(slowest(xlsx))} s`,
      slowest(xlsx) / GOALS.xlsxMs,
    ],
    [
      'console RSS rise, PDF',
      `≤ ${GOALS.rssMiB} MiB`,
      `${rise(pdf).toFixed(0)} MiB`,
      Math.max(0, rise(pdf)) / GOALS.rssMiB,
    ],
    [
      'console RSS rise, XLSX',
      `≤ ${GOALS.rssMiB} MiB`,
      `${rise(xlsx).toFixed(0)} MiB`,
      Math.max(0, rise(xlsx)) / GOALS.rssMiB,
    ],
    [
      'pages p95 while building',
      `≤ ${GOALS.pageP95Ms} ms`,
      `${percentile(pagesDuring, 95).toFixed(0)} ms`,
      percentile(pagesDuring, 95) / GOALS.pageP95Ms,
    ],
  ];
  console.log('');
  console.log(`Load average of the machine: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  console.log(`${'figure'.padEnd(34)}${'goal'.padEnd(12)}${'today'.padEnd(11)}ratio (≤ 1 meets the goal)`);
  for (const [figure, goal, today, ratio] of rows) {
    console.log(`${figure.padEnd(34)}${goal.padEnd(12)}${today.padEnd(11)}${ratio.toFixed(2)}`);
  }
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  removeServerBundle(bundle);
  rmSync(dataDir, { recursive: true, force: true });
  if (!KEEP) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
}
