import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createPgDatabase, describeApi, SIGNING_SECRET, TEST_DB } from '../../test/helpers.ts';
import { freePort } from '../../test/mqtt/mosquitto.ts';
import { buildShippedBundle, type ShippedBundle } from '../../test/support/shipped-bundle.ts';

/*
 * The console as `npm start` ships it (the server bundle), stopped with SIGTERM while a request is in
 * flight: a client that has sent its headers and half its body. The process is told the request's id by a
 * trusted proxy's X-Request-Id, so the test finds the request's own log line before it sends the signal.
 */

const root = new URL('../../../..', import.meta.url).pathname;

/** A console process, its log lines (JSON) and its end. */
interface RunningConsole {
  child: ChildProcess;
  port: number;
  /** Resolves with the first log line (so far or to come) matching `pattern`. */
  line(pattern: RegExp): Promise<string>;
  exit: Promise<number | null>;
}

async function startConsole(env: Record<string, string>): Promise<RunningConsole> {
  const port = await freePort();
  const child = spawn(process.execPath, [bundle.path], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      MQTT_PORT: '0',
      MQTT_HOST: '127.0.0.1',
      DEMO: 'false',
      SIGNING_SECRET,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      TRUST_PROXY: 'true',
      // Longer than the stop's grace: the test's request outlasts the stop only by the stop's own limit.
      HTTP_REQUEST_TIMEOUT_MS: '60000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const waiting = new Set<() => void>();
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    for (const check of waiting) check();
  });
  child.stderr?.on('data', (chunk) => (output += chunk));
  // 'close' comes once the output is read to its end, unlike 'exit'.
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type?: string }) => {
      if (message.type === 'lightwell:ready') resolve();
    });
    void exit.then((code) => reject(new Error(`the console ended (${code}): ${output}`)));
  });
  const line = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const found = output.split('\n').find((candidate) => pattern.test(candidate));
        if (found === undefined) return;
        waiting.delete(check);
        resolve(found);
      };
      waiting.add(check);
      check();
      void exit.then(() => reject(new Error(`no log line ${pattern} before the end: ${output}`)));
    });
  return { child, port, line, exit };
}

/** A sign-in whose client sends its headers and half its body now, and the rest at `finish`. */
function slowSignIn(port: number, requestId: string): { finish(): void; answer: Promise<string> } {
  const body = JSON.stringify({ email: 'nobody-here@example.com', password: 'not-the-password-1' });
  const half = Math.floor(body.length / 2);
  const socket = connect({ port, host: '127.0.0.1' });
  socket.write(
    [
      'POST /api/v1/user/login HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${requestId}`,
      '',
      body.slice(0, half),
    ].join('\r\n'),
  );
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  // A process that ends with the request open resets the connection: the answer is then what came before.
  socket.on('error', () => undefined);
  const answer = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return { finish: () => socket.write(body.slice(half)), answer };
}

let bundle: ShippedBundle;
let running: RunningConsole | undefined;
/** The database of the run's kind the consoles of this file start on, one after the other, and its removal. */
let database: { env: Record<string, string>; remove(): Promise<void> | void };

/** A folder of its own for the embedded database, or a fresh PostgreSQL database. */
async function createDatabase(): Promise<typeof database> {
  if (TEST_DB === 'pg') {
    const created = await createPgDatabase({ migrated: true });
    return { env: { DATABASE_URL: created.url }, remove: created.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'lightwell-stop-'));
  return { env: { DATA_DIR: dataDir }, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

describeApi('stopping the console with SIGTERM', () => {
  beforeAll(async () => {
    bundle = await buildShippedBundle();
    database = await createDatabase();
  }, 120_000);
  afterEach(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGKILL');
      await running.exit;
    }
    running = undefined;
  });
  afterAll(async () => {
    bundle?.remove();
    await database?.remove();
  });

  it('answers the request in flight, with its id, and exits 0', { timeout: 120_000 }, async () => {
    running = await startConsole(database.env);
    const request = slowSignIn(running.port, 'stop-test-1');
    const logged = await running.line(/"reqId":"stop-test-1".*"msg":"incoming request"/);
    expect(JSON.parse(logged)).toMatchObject({ reqId: 'stop-test-1', req: { url: '/api/v1/user/login' } });
    running.child.kill('SIGTERM');
    await running.line(/"msg":"shutting down"/);
    request.finish();
    const answer = await request.answer;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/^x-request-id: stop-test-1\r$/im);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toHaveProperty('code');
    expect(await running.exit).toBe(0);
    expect(await running.line(/"reqId":"stop-test-1".*"msg":"request completed"/)).toContain('"statusCode":200');
  });

  it('exits 1 when what is in hand is still not done 10 s after the signal', { timeout: 120_000 }, async () => {
    running = await startConsole(database.env);
    // A client that never sends the rest of its body holds its request open past the stop's grace.
    const request = slowSignIn(running.port, 'stop-test-2');
    await running.line(/"reqId":"stop-test-2".*"msg":"incoming request"/);
    running.child.kill('SIGTERM');
    expect(await running.exit).toBe(1);
    await running.line(/"msg":"still stopping after the grace time: exiting now"/);
    await request.answer;
  });
});
