import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShippedBundle, type ShippedBundle } from './support/shipped-bundle.ts';

/*
 * The console as `npm start` ships it (the server bundle) started with one bad setting at a time: it ends with a non-zero exit code and one or
 * two plain lines naming the setting and what to do, never a stack trace.
 */

const root = new URL('../../..', import.meta.url).pathname;
const STACK_LINE = /^\s{4}at /m;

interface Outcome {
  code: number | null;
  output: string;
}

let bundle: ShippedBundle;

function startServer(env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bundle.path], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        MQTT_PORT: '0',
        MQTT_HOST: '127.0.0.1',
        DEMO: 'false',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    // A server that started after all is stopped, so the test fails on its outcome rather than hanging.
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** A port held by this test process. */
async function holdPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

function expectPlainFailure(outcome: Outcome, line: RegExp): void {
  expect(outcome.code, outcome.output).toBe(1);
  expect(outcome.output).toMatch(line);
  expect(outcome.output).not.toMatch(STACK_LINE);
  expect(outcome.output.trim().split('\n').length).toBeLessThanOrEqual(2);
}

// One pass is enough: the server is started on its own embedded database, whatever the test run's kind.
describe.skipIf(process.env.TEST_DB === 'pg')('a start with a bad setting', () => {
  let dataDir: string;
  let held: { port: number; server: Server };
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lightwell-start-'));
    held = await holdPort();
    bundle = await buildShippedBundle();
  });
  afterAll(() => {
    held?.server.close();
    bundle?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names PORT when the HTTP port is taken', { timeout: 120_000 }, async () => {
    const outcome = await startServer({ DATA_DIR: dataDir, PORT: String(held.port) });
    expectPlainFailure(outcome, new RegExp(`^port ${held.port} is in use: set PORT to a free port$`, 'm'));
  });

  it('names MQTT_PORT when the embedded broker port is taken', { timeout: 120_000 }, async () => {
    const outcome = await startServer({ DATA_DIR: dataDir, MQTT_PORT: String(held.port) });
    expectPlainFailure(outcome, new RegExp(`^port ${held.port} is in use: set MQTT_PORT to a free port$`, 'm'));
  });

  it('names MQTT_URL when the external broker does not answer', { timeout: 120_000 }, async () => {
    const { port, server } = await holdPort();
    server.close(); // a port nobody listens on
    const outcome = await startServer({ DATA_DIR: dataDir, MQTT_URL: `mqtt://user:secret@127.0.0.1:${port}` });
    expectPlainFailure(
      outcome,
      new RegExp(
        `^cannot connect to the MQTT broker at MQTT_URL \\(mqtt://127.0.0.1:${port}\\): connection refused`,
        'm',
      ),
    );
    expect(outcome.output).not.toContain('secret');
  });

  it('names DATABASE_URL when PostgreSQL does not answer, without its password', async () => {
    const { port, server } = await holdPort();
    server.close();
    const outcome = await startServer({ DATABASE_URL: `postgres://lightwell:secret@127.0.0.1:${port}/lightwell` });
    expectPlainFailure(
      outcome,
      new RegExp(`^cannot connect to the database at DATABASE_URL \\(postgres://127.0.0.1:${port}/lightwell\\)`, 'm'),
    );
    expect(outcome.output).toMatch(/Start PostgreSQL there or correct DATABASE_URL/);
    expect(outcome.output).not.toContain('secret');
  });

  it('names DATA_DIR when the folder cannot be written', async () => {
    const file = join(dataDir, 'a-file');
    writeFileSync(file, '');
    const outcome = await startServer({ DATA_DIR: join(file, 'data') });
    expectPlainFailure(outcome, /^DATA_DIR .*a-file\/data is not writable \(ENOTDIR\): set DATA_DIR to a folder/m);
  });

  it('names DATA_DIR when another console runs on the same folder', async () => {
    const busy = join(dataDir, 'busy');
    mkdirSync(busy);
    // This test process stands for the other console holding the folder.
    writeFileSync(join(busy, 'console.lock'), String(process.pid));
    const outcome = await startServer({ DATA_DIR: busy });
    expectPlainFailure(
      outcome,
      new RegExp(`^DATA_DIR .*busy is in use by another console \\(process ${process.pid}\\): stop it`, 'm'),
    );
  });

  it('names CLOCK_FILE when it holds no instant', async () => {
    const clock = join(dataDir, 'clock.json');
    writeFileSync(clock, '{"at":"next monday"}');
    const outcome = await startServer({ DATA_DIR: dataDir, CLOCK_FILE: clock });
    expectPlainFailure(outcome, /^CLOCK_FILE: clock file .*clock\.json: "at" must be an ISO 8601 instant\. Write/m);
  });

  it('names the variable of an invalid value', async () => {
    const outcome = await startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    expectPlainFailure(outcome, /^Invalid configuration: PORT: /m);
  });
});
