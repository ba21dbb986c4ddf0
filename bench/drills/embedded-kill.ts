// npm run drill:embedded-kill: the embedded default (PGlite and the embedded broker, DEMO=false) killed with
// SIGKILL three times under API writes and telemetry ingest. The console runs as `npm start` runs it (the
// server bundle, built when stale) on a fresh data folder, seeded before its first start with an owner, a
// network and DRILL_GATEWAYS (5) gateways; simulated gateways (bench/src/ingest-fleet.ts, a process of its
// own) report DRILL_DEVICES (10) devices' readings every second, and a writer adds zones through the signed
// API, keeping each one the console acknowledged. After each kill the console is started again on the same
// folder and the time to /readyz 200 is taken. At the end every acknowledged zone must be stored and every
// reading the gateways had confirmed stored once (count and SHA-256, as bench:ingest). Prints one line;
// exits 1 when something was lost or doubled. Bounded: gives up after DRILL_TIMEOUT_S (300).
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { calls } from '@lightwell/domain';
import { generateFleet } from '@lightwell/simulator';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { gateways, networks, networkUsers, users, zones } from '../../apps/server/src/db/schema.ts';
import { hashGatewaySecret } from '../../apps/server/src/gateway-link/credentials.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';
import { createDefaultProject } from '../../apps/server/src/services/create-default-project.ts';
import { ensureServerBuilt, serverBundle, stopBundler } from '../../scripts/lib/builds.mjs';
import { freePort } from '../src/free-port.ts';
import { type BenchSession, postCall, signedBody } from '../src/signed-call.ts';

const GATEWAYS = Number(process.env.DRILL_GATEWAYS ?? 5);
const DEVICES = Number(process.env.DRILL_DEVICES ?? 10);
const KILLS = 3;
const secret = 'drill-signing-secret-0123456789';
const login = { email: 'drill@lightwell.test', password: 'Drill-Password-1' };
const say = (line: string) => process.stdout.write(`${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const children: ChildProcess[] = [];
/** Ends the processes this drill started, so that none outlives it. */
function stopChildren() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
const timeout = setTimeout(
  () => {
    say('embedded-kill: gave up after the time allowed');
    process.exit(2);
  },
  Number(process.env.DRILL_TIMEOUT_S ?? 300) * 1000,
);
// However the drill ends (a failure included), the console and the gateways end with it.
process.on('exit', stopChildren);

const dataDir = mkdtempSync(join(tmpdir(), 'lw-drill-kill-'));
const [port, mqttPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
if (await ensureServerBuilt()) say('built the server bundle');
await stopBundler();

// The owner, the network and the gateways, written before the first start as a seed would.
const fleet = generateFleet(GATEWAYS, DEVICES, 'drill-kill');
const nid = await (async () => {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  const [user] = await db
    .insert(users)
    .values({ name: 'Drill', email: login.email, passwordHash: await hashPassword(login.password) })
    .returning();
  const pid = await createDefaultProject(db, user!.id, user!.language);
  const [network] = await db.insert(networks).values({ pid, name: 'Drill', createdBy: user!.id }).returning();
  await db.insert(networkUsers).values({ nid: network!.id, uid: user!.id, userType: 2 });
  await db
    .insert(gateways)
    .values(fleet.map((g) => ({ nid: network!.id, sn: g.sn, name: g.sn, secretHash: hashGatewaySecret(g.secret) })));
  await database.close();
  return network!.id;
})();

let console_: ChildProcess | undefined;
/** Starts the console on the data folder and answers the milliseconds to its first /readyz 200. */
async function startConsole(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [serverBundle], {
    stdio: ['ignore', process.env.DRILL_DEBUG ? 'inherit' : 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      MQTT_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MQTT_URL: '',
      SMTP_URL: '',
      DEMO: 'false',
      SIGNING_SECRET: secret,
      LOG_LEVEL: process.env.DRILL_DEBUG ? 'info' : 'warn',
    },
  });
  console_ = child;
  children.push(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the console ended (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await pause(20);
  }
}

/** A call to the console: signed with `session`, or as sent before signing in. */
function api(name: keyof typeof calls, payload: Record<string, unknown>, session?: BenchSession) {
  const body = session ? signedBody(payload, session, secret, 'drill-embedded-kill') : payload;
  return postCall(base, calls[name].path, body, 5000);
}

const restarts: number[] = [];
const firstStart = await startConsole();
say(`console ready in ${Math.round(firstStart)} ms on ${dataDir}`);
const signedIn = await api('login', { ...login, language: 0 });
if (signedIn.code !== 0) throw new Error(`sign-in refused: ${JSON.stringify(signedIn)}`);
const session = signedIn.data as { token: string; uid: number };

const fleetFile = join(dataDir, 'fleet.json');
writeFileSync(fleetFile, JSON.stringify(fleet));
const sims = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    new URL('../src/ingest-fleet.ts', import.meta.url).pathname,
    fleetFile,
    `mqtt://127.0.0.1:${mqttPort}`,
    '1000',
  ],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
children.push(sims);
type FleetMessage = { connected?: number; confirmed?: number; done?: boolean; lines?: number; sha?: string };
const fleetMessages: FleetMessage[] = [];
createInterface({ input: sims.stdout! }).on('line', (line) => fleetMessages.push(JSON.parse(line) as FleetMessage));
const fleetSays = async (test: (m: FleetMessage) => boolean) => {
  for (;;) {
    const found = fleetMessages.find(test);
    if (found) return found;
    await pause(50);
  }
};
await fleetSays((m) => m.connected !== undefined);
say(`${GATEWAYS} gateways connected`);
// Readings of devices the console does not know yet are not kept: wait for every inventory.
const expectedDevices = GATEWAYS * DEVICES;
for (;;) {
  const list = await api('deviceList', { nid, page: 1, pageSize: 10 }, session).catch(() => undefined);
  if (process.env.DRILL_DEBUG) say(JSON.stringify(list));
  const total = (list?.data as { total?: number } | undefined)?.total ?? 0;
  if (total >= expectedDevices) break;
  await pause(300);
}
sims.stdin!.write(`${JSON.stringify({ start: true })}\n`);
say(`${GATEWAYS} gateways × ${DEVICES} devices reporting every second`);

const acked: string[] = [];
let writing = true;
let attempted = 0;
const writer = (async () => {
  while (writing) {
    const name = `w${attempted++}`;
    try {
      if ((await api('zoneAdd', { nid, name }, session)).code === 0) acked.push(name);
    } catch {
      await pause(50);
    }
  }
})();

for (let kill = 1; kill <= KILLS; kill++) {
  await pause(3000 + Math.random() * 5000);
  console_!.kill('SIGKILL');
  await new Promise((resolve) => console_!.once('exit', resolve));
  say(`kill ${kill}: ${acked.length} writes acknowledged so far`);
  const ms = await startConsole();
  restarts.push(ms);
  say(`restart ${kill}: ready in ${Math.round(ms)} ms`);
}
await pause(3000);
writing = false;
await writer;
sims.stdin!.write(`${JSON.stringify({ stop: true })}\n`);
const done = await fleetSays((m) => m.done === true);
console_!.kill('SIGINT');
await new Promise((resolve) => console_!.once('exit', resolve));

const database = await openDatabase({ dataDir });
const stored = new Set(
  (await database.db.select({ name: zones.name }).from(zones).where(eq(zones.nid, nid))).map((row) => row.name),
);
const present = acked.filter((name) => stored.has(name)).length;
const readingLines = (
  await rowsOf<{ line: string }>(
    database.db,
    sql`SELECT g.sn || ':' || r.seq || ':' || d.mac || ':' || r.element || ':' || coalesce(r.energy_raw::text, '-') AS line
        FROM telemetry_readings r JOIN gateways g ON g.id = r.gateway_id JOIN devices d ON d.id = r.device_id`,
  )
)
  .map((row) => row.line)
  .sort();
await database.close();
const sha = createHash('sha256').update(readingLines.join('\n')).digest('hex');
const duplicated = readingLines.length - new Set(readingLines).size;
const ok = present === acked.length && sha === done.sha && duplicated === 0;
say(
  `embedded-kill: ${KILLS} kills; restart → /readyz max ${Math.round(Math.max(...restarts))} ms (${restarts.map((ms) => Math.round(ms)).join(', ')}); ` +
    `writes acked ${acked.length}, present ${present} (of ${attempted} tried); readings confirmed ${done.lines}, stored ${readingLines.length}, duplicated ${duplicated}; checksum ${sha === done.sha ? 'equal' : 'DIFFERENT'}`,
);
clearTimeout(timeout);
rmSync(dataDir, { recursive: true, force: true });
process.exit(ok ? 0 : 1);
