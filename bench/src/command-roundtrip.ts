// npm run bench:commands: command round trip, browser call → gateway → outcome back to the browser.
// One console process (buildApp, embedded broker) and simulated gateways in this process; a browser-like
// client signs in, calls controlLight over HTTP (signed as apps/web does) and waits for the task's end on
// the live stream (/api/v1/live/stream). Prints p50/p95 with BENCH_GATEWAYS (100) connected, then raises
// the connected gateways (BENCH_STEPS, default 100,250,500,1000) and prints the largest count whose p95
// stays under 100 ms, with RSS. Two commands are measured: one luminaire, and a whole network (every
// device of the gateway). Devices answer at once (latency 0) so the figures are the console's own.
// Each round trip is split on this process's one clock (performance.now): console time = (command at the
// gateway − call sent) + (outcome on the live stream − the gateway's final ack sent); gateway time = final
// ack sent − command at the gateway. A bare MQTT round trip on the same broker (mqtt-yardstick.ts), one
// ping after each command, is the yardstick; console time less its two legs is printed too, and the
// console's own phase times (lightwell_command_phase_seconds) beside the bench's.
// BENCH_DATABASE_URL uses PostgreSQL (a scratch database) instead of PGlite in a temp folder;
// BENCH_DEVICES (50) devices per gateway; BENCH_SAMPLES (100) commands per measurement and kind;
// BENCH_REPORT_S (3600) consumption-report period and BENCH_SENSOR_S (600) mean time between motion
// triggers per sensor: the background load the gateways add (one report message per luminaire).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { calls, isTaskEnded, type LiveEvent, type TaskSummary } from '@lightwell/domain';
import { generateFleet, type SimGatewaySpec, type Simulator, startSimulator } from '@lightwell/simulator';
import { and, count, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { devices, gateways, networks, networkUsers, users } from '../../apps/server/src/db/schema.ts';
import { hashGatewaySecret, serverMqttPassword } from '../../apps/server/src/gateway-link/credentials.ts';
import { processRegistry } from '../../apps/server/src/lib/metrics.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { createProject } from '../../apps/server/src/services/create-default-project.ts';
import { openYardstick, type PingTimes } from './mqtt-yardstick.ts';
import { signedBody } from './signed-call.ts';

const STEPS = (process.env.BENCH_STEPS ?? '100,250,500,1000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const BASE = Number(process.env.BENCH_GATEWAYS ?? 100);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 50);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const STREAMS = 20;
const REPORT_S = Number(process.env.BENCH_REPORT_S ?? 3600);
const SENSOR_S = Number(process.env.BENCH_SENSOR_S ?? 600);
const secret = 'bench-signing-secret-0123456789';
const mib = (bytes: number) => `${Math.round(bytes / 1048576)} MiB`;

// Statements sent to PostgreSQL (every pg client of this process): per command, a figure the load cannot blur.
let statements = 0;
const sendQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (sendQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

// --- database and console ------------------------------------------------------------------------------
const serverUrl = process.env.BENCH_DATABASE_URL;
const scratch = `lw_bench_cmd_${process.pid}`;
const dataDir = mkdtempSync(join(tmpdir(), 'lw-bench-cmd-'));
if (serverUrl) await adminQuery(serverUrl, `CREATE DATABASE ${scratch}`);
const database = await openDatabase({
  url: serverUrl && withDatabase(serverUrl, scratch),
  dataDir: join(dataDir, 'db'),
});
const app = await buildApp({
  config: loadConfig({
    LOG_LEVEL: 'silent',
    SIGNING_SECRET: secret,
    DEMO: 'false',
    DATA_DIR: dataDir,
    MQTT_PORT: '0',
    MQTT_HOST: '127.0.0.1',
    // Every simulated gateway connects from this one address.
    MQTT_MAX_CONNECTIONS_PER_ADDRESS: String(2 * Math.max(BASE, ...STEPS)),
  }),
  database,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const { db } = database;

// --- the installation: one user, one network per gateway --------------------------------------------------
const maxGateways = Math.max(BASE, ...STEPS);
const email = 'bench@lightwell.test';
const password = 'Bench-Lamp-42';
const [user] = await db
  .insert(users)
  .values({ name: 'Bench', email, passwordHash: await hashPassword(password) })
  .returning({ id: users.id });
const uid = user!.id;
const pid = await createProject(db, { uid, name: 'Bench', remarks: '', isDefault: true });
const fleet = generateFleet(maxGateways, DEVICES, 'bench-gw');
const nidOf = new Map<string, number>();
/** A luminaire (the first device, a DT6) of each network. */
const lampOf = new Map<number, number>();
const seedStarted = performance.now();
for (const gateway of fleet) {
  const [network] = await db
    .insert(networks)
    .values({ pid, name: gateway.sn, createdBy: uid })
    .returning({ id: networks.id });
  const nid = network!.id;
  nidOf.set(gateway.sn, nid);
  await db.insert(networkUsers).values({ nid, uid, userType: 2 });
  const [row] = await db
    .insert(gateways)
    .values({ nid, sn: gateway.sn, name: gateway.sn, secretHash: hashGatewaySecret(gateway.secret), gatewayType: 3 })
    .returning({ id: gateways.id });
  const inserted = await db
    .insert(devices)
    .values(
      gateway.devices.map((device) => ({
        nid,
        gatewayId: row!.id,
        kind: device.kind.startsWith('d') ? 'luminaire' : device.kind,
        name: `${device.kind} ${device.address}`,
        model: device.model,
        mac: device.mac.toUpperCase(),
        address: device.address,
      })),
    )
    .returning({ id: devices.id });
  lampOf.set(nid, inserted[0]!.id);
}
console.log(
  `database: ${database.kind}; ${maxGateways} networks with one gateway and ${DEVICES} devices each seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

// --- browser-like client -----------------------------------------------------------------------------------
const config = (await (await fetch(`${base}${calls.appConfig.path}`)).json()) as { data: { signingKey: string } };
const login = (await (
  await fetch(`${base}${calls.login.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
).json()) as { code: number; data: { token: string } };
if (login.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
const token = login.data.token;

function signed(payload: Record<string, unknown>): string {
  return JSON.stringify(signedBody(payload, { token, uid }, config.data.signingKey, 'bench-command-roundtrip'));
}

/** Task ends seen on the live streams, by task id, with the time they arrived. */
const ended = new Map<number, { at: number; task: TaskSummary }>();
const waiters = new Map<number, (at: number) => void>();
const streams = new Map<number, AbortController>();

async function openStream(nid: number): Promise<void> {
  if (streams.has(nid)) return;
  const controller = new AbortController();
  streams.set(nid, controller);
  const response = await fetch(`${base}${calls.liveStream.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: signed({ nid }),
    signal: controller.signal,
  });
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    throw new Error(`live stream refused: ${await response.text()}`);
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
        if (frame.includes(': connected')) connected();
        for (const line of frame.split('\n')) {
          if (!line.startsWith('data: ')) continue;
          const event = JSON.parse(line.slice(6)) as LiveEvent;
          if (event.type !== 'task' || !isTaskEnded(event.task.status)) continue;
          const at = performance.now();
          if (!ended.has(event.task.id)) ended.set(event.task.id, { at, task: event.task });
          waiters.get(event.task.id)?.(at);
        }
      }
    }
  })();
  await ready;
}

let toggle = 0;
type Kind = 'device' | 'network';
/** When each command reached its gateway and when the gateway sent its final ack (simulator hook). */
const atGateway = new Map<number, { received?: number; done?: number }>();
function onCommand(taskId: number, step: 'received' | 'done') {
  const times = atGateway.get(taskId) ?? {};
  times[step] = performance.now();
  atGateway.set(taskId, times);
}

/** One command's times in ms: the whole round trip, the call's answer, and the console's and gateway's shares. */
interface Sample {
  ms: number;
  answerMs: number;
  /** Call sent → command at the gateway. */
  toGateway: number;
  /** Final ack sent → outcome on the live stream. */
  toBrowser: number;
  gateway: number;
  task: TaskSummary;
}

/** One command: controlLight on one luminaire or the whole network. */
async function roundTrip(nid: number, kind: Kind): Promise<Sample> {
  toggle ^= 1;
  const target = kind === 'device' ? { kind, ids: [lampOf.get(nid)!] } : { kind };
  const started = performance.now();
  const response = await fetch(`${base}${calls.controlLight.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: signed({ nid, target, onOff: toggle }),
  });
  const answer = (await response.json()) as { code: number; data: TaskSummary; message?: string };
  const answerMs = performance.now() - started;
  if (answer.code !== 0) throw new Error(`controlLight answered ${answer.code} ${answer.message ?? ''}`);
  const taskId = answer.data.id;
  const at =
    ended.get(taskId)?.at ??
    (await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`task ${taskId} did not end within 30 s`)), 30_000);
      waiters.set(taskId, (time) => {
        clearTimeout(timer);
        resolve(time);
      });
    }));
  waiters.delete(taskId);
  const outcome = ended.get(taskId)!;
  ended.delete(taskId);
  const gw = atGateway.get(taskId);
  atGateway.delete(taskId);
  if (gw?.received === undefined || gw.done === undefined) throw new Error(`task ${taskId}: no gateway times`);
  return {
    ms: at - started,
    answerMs,
    toGateway: gw.received - started,
    toBrowser: at - gw.done,
    gateway: gw.done - gw.received,
    task: outcome.task,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
/** p50, p95 and mean of a list of ms. */
function stats(list: number[]) {
  const sorted = [...list].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.at(-1)!,
    mean: sorted.reduce((sum, v) => sum + v, 0) / sorted.length,
  };
}

/** Sum and count of the console's own phase times so far (lightwell_command_phase_seconds), by phase. */
async function serverPhases(): Promise<Map<string, { sum: number; count: number }>> {
  const metric = processRegistry.getSingleMetric('lightwell_command_phase_seconds');
  const phases = new Map<string, { sum: number; count: number }>();
  if (!metric) return phases;
  const values = (await metric.get()).values as {
    labels: Record<string, unknown>;
    value: number;
    metricName?: string;
  }[];
  for (const value of values) {
    const phase = String(value.labels.phase);
    const entry = phases.get(phase) ?? { sum: 0, count: 0 };
    if (value.metricName?.endsWith('_sum')) entry.sum = value.value;
    else if (value.metricName?.endsWith('_count')) entry.count = value.value;
    phases.set(phase, entry);
  }
  return phases;
}
/** Mean ms of a phase between two readings of `serverPhases`. */
function phaseMean(before: Map<string, { sum: number; count: number }>, after: typeof before, phase: string) {
  const a = after.get(phase);
  const b = before.get(phase) ?? { sum: 0, count: 0 };
  if (!a || a.count === b.count) return Number.NaN;
  return ((a.sum - b.sum) / (a.count - b.count)) * 1000;
}

async function measure(connected: SimGatewaySpec[], kind: Kind) {
  const chosen = connected
    .filter((_, i) => i % Math.max(1, Math.floor(connected.length / STREAMS)) === 0)
    .slice(0, STREAMS);
  const nids = chosen.map((gateway) => nidOf.get(gateway.sn)!);
  for (const nid of nids) await openStream(nid);
  for (let i = 0; i < 30; i++) {
    await roundTrip(nids[i % nids.length]!, kind); // warm-up
    await yardstick.ping();
  }
  const samples: Sample[] = [];
  const pings: PingTimes[] = [];
  let executed = 0;
  let total = 0;
  const failures: Record<string, number> = {};
  const phasesBefore = await serverPhases();
  const statementsBefore = statements;
  for (let i = 0; i < SAMPLES; i++) {
    const sample = await roundTrip(nids[i % nids.length]!, kind);
    samples.push(sample);
    // The yardstick in the same run: one bare MQTT round trip after each command.
    pings.push(await yardstick.ping());
    executed += sample.task.executed;
    total += sample.task.total;
    for (const [reason, n] of Object.entries(sample.task.failures)) failures[reason] = (failures[reason] ?? 0) + n;
  }
  const phasesAfter = await serverPhases();
  const statementsPerCommand = (statements - statementsBefore) / SAMPLES;
  return {
    whole: stats(samples.map((s) => s.ms)),
    answer: stats(samples.map((s) => s.answerMs)),
    console: stats(samples.map((s) => s.toGateway + s.toBrowser)),
    toGateway: stats(samples.map((s) => s.toGateway)),
    toBrowser: stats(samples.map((s) => s.toBrowser)),
    gateway: stats(samples.map((s) => s.gateway)),
    ping: stats(pings.map((p) => p.roundTrip)),
    pingOut: stats(pings.map((p) => p.out)),
    pingBack: stats(pings.map((p) => p.back)),
    // Each command's console time less the two MQTT legs of the ping right after it.
    consoleLessLegs: stats(samples.map((s, i) => s.toGateway + s.toBrowser - pings[i]!.roundTrip)),
    server: {
      send: phaseMean(phasesBefore, phasesAfter, 'send'),
      outcome: phaseMean(phasesBefore, phasesAfter, 'outcome'),
      progress: phaseMean(phasesBefore, phasesAfter, 'progress'),
    },
    statementsPerCommand,
    executed,
    total,
    failures,
  };
}

// --- gateways ------------------------------------------------------------------------------------------------
const running: Simulator[] = [];
let connectedCount = 0;

async function connectUpTo(target: number) {
  if (target <= connectedCount) return;
  const slice = fleet.slice(connectedCount, target);
  const started = performance.now();
  running.push(
    await startSimulator({
      brokerUrl: app.ctx.link.brokerUrl,
      gateways: slice,
      latencyMs: 0,
      connectConcurrency: 100,
      reportPeriodMs: REPORT_S * 1000,
      sensorMeanMs: SENSOR_S * 1000,
      onCommand,
    }),
  );
  const connectedMs = performance.now() - started;
  connectedCount = target;
  // Wait until the console has applied every inventory (devices online).
  const nids = fleet.slice(0, target).map((gateway) => nidOf.get(gateway.sn)!);
  const expected = target * DEVICES;
  const deadline = Date.now() + 600_000;
  for (;;) {
    let online = 0;
    for (let i = 0; i < nids.length; i += 500) {
      const [row] = await db
        .select({ n: count() })
        .from(devices)
        .where(and(inArray(devices.nid, nids.slice(i, i + 500)), eq(devices.online, true)));
      online += row!.n;
    }
    if (online >= expected || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(
    `  ${target} gateways connected (${slice.length} new in ${(connectedMs / 1000).toFixed(1)} s, inventories applied after ${((performance.now() - started) / 1000).toFixed(1)} s; gateway reconnects so far ${reconnects()})`,
  );
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const failed = (failures: Record<string, number>) =>
  Object.keys(failures).length ? ` (failed: ${JSON.stringify(failures)})` : '';
const reconnects = () =>
  running.reduce((sum, simulator) => sum + [...simulator.gateways.values()].reduce((n, g) => n + g.reconnects, 0), 0);
const KINDS: Kind[] = ['device', 'network'];
const label = (kind: Kind) => (kind === 'device' ? 'one luminaire' : `network (${DEVICES} devices)`);
console.log(
  `background: a consumption report per luminaire every ${REPORT_S} s, a motion trigger per sensor every ${SENSOR_S} s on average`,
);
type Result = Awaited<ReturnType<typeof measure>>;
const pair = (stat: { p50: number; p95: number }) =>
  `p50 ${fmt(stat.p50).padStart(8)}  p95 ${fmt(stat.p95).padStart(8)}`;
/** The split of one measurement, one line each. */
function split(result: Result, indent: string): string {
  const { server } = result;
  return [
    `${indent}console time            ${pair(result.console)}   (call → command at gateway ${pair(result.toGateway)}; final ack → outcome on live stream ${pair(result.toBrowser)})`,
    `${indent}gateway time            ${pair(result.gateway)}`,
    `${indent}bare MQTT round trip    ${pair(result.ping)}   (legs: out ${pair(result.pingOut)}; back ${pair(result.pingBack)})`,
    `${indent}console less MQTT legs  ${pair(result.consoleLessLegs)}`,
    `${indent}console's own phases (mean): send ${fmt(server.send)} (bench, call → command at gateway: ${fmt(result.toGateway.mean)}); outcome ${fmt(server.outcome)} (bench, final ack → live stream: ${fmt(result.toBrowser.mean)}); progress acks ${fmt(server.progress)}${serverUrl ? `; SQL statements per command ${result.statementsPerCommand.toFixed(1)} (all the console sent while measuring)` : ''}`,
  ].join('\n');
}

console.log(`\nround trip with ${BASE} gateways (${SAMPLES} controlLight calls per kind, live-stream outcome):`);
await connectUpTo(BASE);
const yardstick = await openYardstick(app.ctx.link.brokerUrl, serverMqttPassword(app.ctx.keys));
const first = new Map<Kind, number>();
for (const kind of KINDS) {
  const result = await measure(fleet.slice(0, BASE), kind);
  first.set(kind, result.whole.p95);
  console.log(
    `  ${label(kind).padEnd(22)} whole ${pair(result.whole)}   max ${fmt(result.whole.max)}   (call answered p50 ${fmt(result.answer.p50)})   devices executed ${result.executed}/${result.total}${failed(result.failures)}`,
  );
  console.log(split(result, '    '));
}

console.log('\ncapacity (p95 under 100 ms):');
const best = new Map<Kind, number>();
for (const step of STEPS) {
  await connectUpTo(step);
  for (const kind of KINDS) {
    const result = await measure(fleet.slice(0, step), kind);
    console.log(
      `  ${String(step).padStart(5)} gateways ${String(step * DEVICES).padStart(6)} devices  ${label(kind).padEnd(22)} whole ${pair(result.whole)}   p95 / p95 at ${BASE}: ${(result.whole.p95 / first.get(kind)!).toFixed(2)}   RSS ${mib(process.memoryUsage().rss)}${failed(result.failures)}   gateway reconnects so far ${reconnects()}`,
    );
    console.log(split(result, '      '));
    if (result.whole.p95 < 100) best.set(kind, step);
  }
}
for (const kind of KINDS) {
  console.log(
    `largest connected gateway count with p95 under 100 ms (${label(kind)}): ${best.get(kind) ?? `none of ${STEPS.join(', ')}`}`,
  );
}
console.log(
  `RSS ${mib(process.memoryUsage().rss)} (console and simulator in one process), heap ${mib(process.memoryUsage().heapUsed)}`,
);

// --- done ------------------------------------------------------------------------------------------------------
for (const controller of streams.values()) controller.abort();
await yardstick.close();
for (const simulator of running) await simulator.stop();
await app.close();
await database.close();
if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
