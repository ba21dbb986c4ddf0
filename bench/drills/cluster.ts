// The parts a drill of several console processes starts on 127.0.0.1 for itself alone, so that killing and
// restarting them hurts nobody else: a PostgreSQL cluster in a temp folder, a Mosquitto broker and console
// processes run from the server bundle (apps/server/dist/server.mjs, as `npm start` ships it).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/free-port.ts';

const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A private PostgreSQL cluster: its administrator URL, a fast restart, and a stop that removes its folder. */
export interface PrivatePostgres {
  url: string;
  restart(): void;
  stop(): void;
}

/**
 * initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user, in a folder it owns.
 */
export async function startPostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'lw-drill-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const run = (bin: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(PG_BIN, bin);
    const full = asRoot ? ['-u', 'postgres', '--', join(PG_BIN, bin), ...args] : args;
    const result = spawnSync(command, full, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${bin} ${args.join(' ')}: ${result.stderr}${result.stdout}`);
  };
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', ...args]);
  ctl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('-m', 'fast', '-o', options, 'restart'),
    stop: () => {
      ctl('-m', 'immediate', 'stop');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A private Mosquitto broker: its URL, a restart (stop, then start again on the same port) and a stop. */
export interface PrivateMosquitto {
  url: string;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Anonymous and without persistence (as bench/mosquitto.conf), with the limits of
 * deploy/mosquitto/mosquitto.conf raised for a backlog of 1,000 gateways; per-gateway rights are not what the
 * drill is about.
 */
export async function startMosquitto(): Promise<PrivateMosquitto> {
  const dir = mkdtempSync(join(tmpdir(), 'lw-drill-mqtt-'));
  const port = await freePort();
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'set_tcp_nodelay true',
      'max_inflight_messages 1000',
      'max_queued_messages 100000',
      'max_packet_size 1048576',
      '',
    ].join('\n'),
  );
  let broker: ChildProcess;
  const start = async () => {
    broker = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
    for (let i = 0; i < 100 && !(await answers(port)); i += 1) await pause(50);
  };
  const stop = async () => {
    if (broker.exitCode !== null) return;
    const exited = new Promise((resolve) => broker.once('exit', resolve));
    broker.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `mqtt://127.0.0.1:${port}`,
    restart: async () => {
      await stop();
      await start();
    },
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** One console process of the drill, on its own HTTP port, which it keeps across restarts. */
export class ConsoleProcess {
  private child: ChildProcess | null = null;
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'lw-drill-console-'));
  constructor(
    readonly port: number,
    private readonly bundle: string,
    private readonly env: Record<string, string>,
  ) {}

  /** The running process's id (undefined before the start). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process; resolves once it answers /readyz with 200. */
  async start(): Promise<void> {
    this.child = spawn(process.execPath, [this.bundle], {
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await this.whenReady();
  }

  /** Resolves once GET /readyz answers 200. */
  async whenReady(): Promise<void> {
    for (;;) {
      if (this.child?.exitCode !== null) throw new Error(`console on ${this.port} ended (${this.child?.exitCode})`);
      if (await this.ready()) return;
      await pause(100);
    }
  }

  /** Whether GET /readyz answers 200 now. */
  ready(): Promise<boolean> {
    return fetch(`http://127.0.0.1:${this.port}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status === 200,
      () => false,
    );
  }

  /** Ends the process with a signal and waits until it is gone. */
  async stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    if (signal === 'SIGTERM') rmSync(this.dataDir, { recursive: true, force: true });
  }
}
