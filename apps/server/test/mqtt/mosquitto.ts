import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { databaseAvailable, TEST_DB } from '../helpers.ts';

export const MOSQUITTO = '/usr/sbin/mosquitto';
const MOSQUITTO_PASSWD = '/usr/bin/mosquitto_passwd';

/** The example ACL of deploy/mosquitto, which the protocol tests run against. */
const DEPLOY_ACL = new URL('../../../../deploy/mosquitto/acl', import.meta.url).pathname;

/** CI (`CI` set) must run the Mosquitto tests: there a missing broker fails them instead of skipping them. */
const MOSQUITTO_REQUIRED = !['', '0', 'false'].includes(process.env.CI ?? '');

/**
 * `describe` for tests that need a Mosquitto: run when `available`; otherwise skipped with `missing` as the
 * reason for a developer, and failed with it in CI. Tests of the run's database follow `databaseAvailable`.
 */
export function describeWithMosquitto(available: boolean, missing: string): (name: string, body: () => void) => void {
  if (!databaseAvailable) return (name, body) => describe.skip(name, body);
  if (available) return (name, body) => describe(name, body);
  if (!MOSQUITTO_REQUIRED) {
    console.log(`skipped: ${missing}`);
    return (name, body) => describe.skip(name, body);
  }
  return (name) =>
    describe(name, () => {
      it('has the Mosquitto it needs (CI is set, so these tests may not be skipped)', () => {
        throw new Error(`${missing}: CI must run the Mosquitto tests`);
      });
    });
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Whether something accepts TCP connections at host:port within `timeoutMs`. */
export function portAnswers(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A Mosquitto this test started, with the settings of deploy/mosquitto (password file and ACL). */
export interface TestMosquitto {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts Mosquitto on a free port with a password file holding `users` (made with `mosquitto_passwd`)
 * and the deployment ACL (`pattern readwrite lw/gw/%u/#`, the server user everywhere).
 */
export async function startMosquitto(users: Record<string, string>): Promise<TestMosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'lw-mosquitto-'));
  const passwordFile = join(dir, 'passwd');
  let first = true;
  for (const [user, password] of Object.entries(users)) {
    execFileSync(
      MOSQUITTO_PASSWD,
      first ? ['-b', '-c', passwordFile, user, password] : ['-b', passwordFile, user, password],
    );
    first = false;
  }
  const aclFile = join(dir, 'acl');
  writeFileSync(aclFile, readFileSync(DEPLOY_ACL, 'utf8'));
  // Started as root, Mosquitto drops to its own user, which must be able to read the files.
  chmodSync(dir, 0o755);
  for (const file of [passwordFile, aclFile]) chmodSync(file, 0o644);
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${passwordFile}`,
      `acl_file ${aclFile}`,
      'persistence false',
      'set_tcp_nodelay true',
      'max_queued_messages 10000',
      'max_inflight_messages 100',
      'log_dest stderr',
      'log_type error',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(MOSQUITTO, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const until = Date.now() + 5000;
  while (!(await portAnswers(port, '127.0.0.1', 200))) {
    if (child.exitCode !== null || Date.now() > until) {
      child.kill();
      throw new Error(`mosquitto did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The external broker the deployment tests use (the machine's Mosquitto). */
export const DEPLOYMENT_BROKER = 'mqtt://127.0.0.1:1883';

/**
 * `describe` for tests of one deployment with several server processes: they need one PostgreSQL database
 * and the Mosquitto at DEPLOYMENT_BROKER, so they run in the server-pg project only (skipped on PGlite,
 * where each test file has a database of its own in memory).
 */
export async function describeDeployment(): Promise<(name: string, body: () => void) => void> {
  if (TEST_DB !== 'pg') return (name, body) => describe.skip(name, body);
  return describeWithMosquitto(await portAnswers(1883), `no MQTT broker answers at ${DEPLOYMENT_BROKER}`);
}
