import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LaunchedSimulator, launchSimulator } from '@lightwell/simulator/launch';
import pg from 'pg';
import { startSmtpSink } from '../../apps/server/test/support/smtp-sink.ts';
import { ensureServerBuilt, serverBundle } from '../../scripts/lib/builds.mjs';
import { E2E_BASE_URL, E2E_MQTT_PORT, E2E_PORT, E2E_SIM_PORT, E2E_SMTP_PORT, MAILBOX_DIR } from './env.ts';

const root = new URL('../..', import.meta.url).pathname;

function startSmtp() {
  rmSync(MAILBOX_DIR, { recursive: true, force: true });
  mkdirSync(MAILBOX_DIR, { recursive: true });
  let n = 0;
  return startSmtpSink({
    port: E2E_SMTP_PORT,
    onMail: (mail) => {
      n += 1;
      writeFileSync(join(MAILBOX_DIR, `${n}.json`), JSON.stringify(mail));
    },
  });
}

async function waitForServer(child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`console exited early:\n${log()}`);
    try {
      const response = await fetch(`${E2E_BASE_URL}/api/v1/app/config`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`console did not answer within 60 s:\n${log()}`);
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
      const simulator = launchSimulator({ fleet: message.demo.fleet, controlPort: message.demo.controlPort });
      simulator.ready.then(() => resolve(simulator), reject);
    });
    child.once('exit', () => reject(new Error('the console exited before it was ready')));
  });
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server), a fresh database `lightwell_e2e_<port>` on it for the console
 * under test; without it, none (the console then keeps a fresh embedded database in its data folder).
 */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const server = process.env.E2E_DATABASE_URL;
  if (!server) return null;
  const name = `lightwell_e2e_${E2E_PORT}`;
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
 * its sources; demo mode, a fresh database) and the demo simulator as a process of its own; returns the
 * teardown.
 */
export default async function globalSetup() {
  await ensureServerBuilt();
  const smtp = await startSmtp();
  const dataDir = mkdtempSync(join(tmpdir(), 'lightwell-e2e-'));
  const postgres = await freshPostgres();
  let output = '';
  const child = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      MQTT_PORT: String(E2E_MQTT_PORT),
      MQTT_URL: '',
      SIMULATOR_HTTP_PORT: String(E2E_SIM_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: 'true',
      // A person needs a moment to cancel a command held up by a silent luminaire: with the default 5 s a
      // loaded machine could end the task before the click (docs/commands.md "Timeouts and cancel").
      COMMAND_TIMEOUT_BASE_MS: '60000',
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      PUBLIC_URL: E2E_BASE_URL,
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgres?.url ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const simulator = launchDemoSimulator(child);
  // A console that fails to start is reported by waitForServer, with its output.
  simulator.catch(() => undefined);
  await waitForServer(child, () => output);
  const running = await simulator;
  // The specs see the demo's whole simulated week (the console asks for it on a fresh database).
  await running.historyStored;
  return async () => {
    await running.stop();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
}
