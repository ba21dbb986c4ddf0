// What the multi-process drills share: consoles started from the shipped bundle (as `npm start` ships them)
// on one scratch PostgreSQL database and the Mosquitto at DEPLOYMENT_BROKER, their clock read from one
// CLOCK_FILE the drill moves on, and the database client the drill counts with.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPgDatabase, SIGNING_SECRET, TEST_CONSOLE_ENV } from '../helpers.ts';
import { DEPLOYMENT_BROKER, freePort } from '../mqtt/mosquitto.ts';
import { buildShippedBundle, type ShippedBundle } from '../support/shipped-bundle.ts';

/** Waits `ms` milliseconds. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a console's process has ended. */
export const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** The minute slot of an instant, as the job runs name it. */
export const minuteSlot = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** A console process of a drill: its child (null before the first start), its port and its last output. */
interface Console {
  child: ChildProcess | null;
  port: number;
  log: string[];
}

/**
 * `count` consoles on one scratch PostgreSQL database: started, stopped (SIGTERM) and killed (SIGKILL) by
 * index; the clock they read set in one rename. Subclasses add settings of their own (`consoleEnv`).
 */
export class ConsoleDrill {
  url = '';
  private drop: (() => Promise<void>) | undefined;
  private bundle: ShippedBundle | undefined;
  private client: pg.Client | undefined;
  protected readonly dir: string;
  private readonly clockPath: string;
  private readonly group: string;
  private readonly serverSecret = randomBytes(24).toString('hex');
  protected readonly consoles: Console[] = [];

  /** `count` consoles; `name` marks the drill's temporary folder and MQTT share group. */
  constructor(
    readonly consoleCount: number,
    name: string,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), `lw-${name}-`));
    this.clockPath = join(this.dir, 'clock.json');
    this.group = `${name}-${randomBytes(4).toString('hex')}`;
  }

  /** Makes the migrated database, a port for each console, the database client and the shipped bundle. */
  async setUp(): Promise<void> {
    const database = await createPgDatabase({ migrated: true });
    this.url = database.url;
    this.drop = database.drop;
    for (let index = 0; index < this.consoleCount; index++)
      this.consoles.push({ child: null, port: await freePort(), log: [] });
    this.client = new pg.Client({ connectionString: this.url });
    await this.client.connect();
    this.bundle = await buildShippedBundle();
  }

  /** Kills every console and removes what `setUp` made. */
  async tearDown(): Promise<void> {
    for (let index = 0; index < this.consoles.length; index++) await this.stopConsole(index, 'SIGKILL');
    await this.client?.end();
    await this.drop?.();
    this.bundle?.remove();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Settings of console `index` beyond the shared ones (a subclass's mail server, say). */
  protected consoleEnv(_index: number): Record<string, string> {
    return {};
  }

  /** Sets the clock every console reads, in one rename. */
  writeClock(atMs: number): void {
    const temporary = `${this.clockPath}.${randomBytes(3).toString('hex')}`;
    writeFileSync(temporary, JSON.stringify({ at: new Date(atMs).toISOString(), rate: 1 }));
    renameSync(temporary, this.clockPath);
  }

  /** Starts console `index` from the shipped bundle and waits until it answers. */
  async startConsole(index: number): Promise<void> {
    const entry = this.consoles[index]!;
    const child = spawn(process.execPath, [this.bundle!.path], {
      env: {
        ...process.env,
        DATABASE_URL: this.url,
        PORT: String(entry.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://console.example.com',
        MQTT_URL: DEPLOYMENT_BROKER,
        MQTT_SHARE_GROUP: this.group,
        CLOCK_FILE: this.clockPath,
        JOB_TICK_MS: '20',
        SIGNING_SECRET,
        SERVER_SECRET: this.serverSecret,
        DEMO: 'false',
        LOG_LEVEL: 'warn',
        ...TEST_CONSOLE_ENV,
        DATA_DIR: join(this.dir, `data-${index}`),
        ...this.consoleEnv(index),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      entry.log.push(String(chunk));
      if (entry.log.length > 40) entry.log.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    entry.child = child;
    const until = Date.now() + 120_000;
    for (;;) {
      if (ended(child)) throw new Error(`console ${index} ended at start: ${entry.log.join('')}`);
      const answers = await fetch(`http://127.0.0.1:${entry.port}/`).then(
        () => true,
        () => false,
      );
      if (answers) return;
      if (Date.now() > until) throw new Error(`console ${index} did not answer: ${entry.log.join('')}`);
      await pause(100);
    }
  }

  /** Sends `signal` to console `index` (if it runs) and waits until it has ended. */
  async stopConsole(index: number, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const child = this.consoles[index]!.child;
    if (!child || ended(child)) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** The rows of a query on the drill's database. */
  async rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.client!.query(text, values)).rows as T[];
  }

  /** The last output of every console, for a failure message. */
  logs(): string {
    return this.consoles.map((entry, index) => `console ${index}: ${entry.log.join('')}`).join('\n');
  }
}
