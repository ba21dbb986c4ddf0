import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LaunchedSimulator, launchSimulator } from '@lightwell/simulator/launch';
import pg from 'pg';
import { startSmtpSink } from '../../apps/server/test/support/smtp-sink.ts';
import { ensureServerBuilt, ensureSimulatorBuilt, serverBundle, simulatorBundle } from '../../scripts/lib/builds.mjs';

const root = new URL('../..', import.meta.url).pathname;

/** Where a console under test listens and sends its mail, and anything else it is started with. */
export interface ConsoleOptions {
  /** HTTP port of the console. */
  port: number;
  /** Port of the SMTP server started for it. */
  smtpPort: number;
  /** Port of its embedded MQTT broker. */
  mqttPort: number;
  /** Port of its demo simulator's status and control endpoint. */
  simulatorPort: number;
  /** Folder the SMTP server writes each message to as `<n>.json` (emptied first). */
  mailboxDir: string;
  /** More environment variables of the console (CLOCK_FILE, JOB_TICK_MS…). */
  env?: Record<string, string>;
}

/** A running console with its SMTP server and demo simulator. */
export interface RunningConsole {
  baseUrl: string;
  /** Stops the demo simulator alone: no reading arrives any more, so figures of past periods hold still. */
  stopSimulator: () => Promise<void>;
  /** Stops the simulator, the console and the SMTP server and removes the console's data. */
  stop: () => Promise<void>;
}

function startSmtp(port: number, mailboxDir: string) {
  rmSync(mailboxDir, { recursive: true, force: true });
  mkdirSync(mailboxDir, { recursive: true });
  let n = 0;
  return startSmtpSink({
    port,
    onMail: (mail) => {
      n += 1;
      writeFileSync(join(mailboxDir, `${n}.json`), JSON.stringify(mail));
    },
  });
}

/**
 * How long a starting console may take to answer: a fresh embedded database and the demo seed took over
 * 180 s on the 2-core machine while other test tiers ran beside it.
 */
const START_TIMEOUT_MS = 300_000;

async function waitForServer(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`console exited early:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/app/config`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`console did not answer within ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
}

interface ReadyMessage {
  type: string;
  demo: { fleet: object; controlPort: number | undefined } | null;
}

/**
 * The demo simulator as npm start runs it: its own process, given the fleet the console hands over
 * when it is ready (apps/server/src/start/hand-over.ts).
 */
function launchDemoSimulator(child: ChildProcess): Promise<LaunchedSimulator> {
  return new Promise((resolve, reject) => {
    child.on('message', (message: ReadyMessage) => {
      if (message.type !== 'lightwell:ready') return;
      if (!message.demo) return reject(new Error('the console reported no demo installation'));
      const { fleet, controlPort } = message.demo;
      const simulator = launchSimulator({ fleet, controlPort, bundle: simulatorBundle });
      simulator.ready.then(() => resolve(simulator), reject);
    });
    child.once('exit', () => reject(new Error('the console exited before it was ready')));
  });
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server), a fresh database `lightwell_e2e_<port>` on it for the console
 * under test; without it, none (the console then keeps a fresh embedded database in its data folder).
 */
async function freshPostgres(port: number): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const server = process.env.E2E_DATABASE_URL;
  if (!server) return null;
  const name = `lightwell_e2e_${port}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Starts a real SMTP server, the console as `npm start` ships it (the server bundle, built when older than
 * its sources; demo mode, a fresh database) and the demo simulator as a process of its own, and waits until
 * the demo's simulated week is stored (the console asks for it on a fresh database).
 */
export async function startConsole(options: ConsoleOptions): Promise<RunningConsole> {
  await ensureServerBuilt();
  await ensureSimulatorBuilt();
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const smtp = await startSmtp(options.smtpPort, options.mailboxDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'lightwell-e2e-'));
  const postgres = await freshPostgres(options.port);
  let output = '';
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(options.port),
      MQTT_PORT: String(options.mqttPort),
      MQTT_URL: '',
      SIMULATOR_HTTP_PORT: String(options.simulatorPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'true',
      // A person needs a moment to cancel a command held up by a silent luminaire: with the default 5 s a
      // loaded machine could end the task before the click (docs/commands.md "Timeouts and cancel").
      COMMAND_TIMEOUT_BASE_MS: '60000',
      SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // The browsers, the simulator and the other lanes share the cores: a niced report worker would wait
      // for them all while a spec waits for its file.
      REPORT_WORKER_NICE: '0',
      DATABASE_URL: postgres?.url ?? '',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const simulator = launchDemoSimulator(child);
  // A console that fails to start is reported by waitForServer, with its output.
  simulator.catch(() => undefined);
  await waitForServer(baseUrl, child, () => output);
  const running = await simulator;
  await running.historyStored;
  return {
    baseUrl,
    stopSimulator: () => running.stop(),
    stop: async () => {
      await running.stop();
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}
