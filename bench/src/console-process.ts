// The console as a process of its own for the browser benches, and the Chromium they open it in.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { freePort } from './free-port.ts';

const root = new URL('../..', import.meta.url).pathname;

/** The server's TypeScript entry, run through tsx (`args` of {@link startConsole}). */
export const SERVER_SOURCE = ['--import', 'tsx', join(root, 'apps/server/src/server.ts')];

/** How {@link startConsole} runs the console. */
interface ConsoleStart {
  /** Node's arguments: the server's source through tsx ({@link SERVER_SOURCE}) or a bundle's path. */
  args: string[];
  /** More environment (DEMO…) over the defaults: free ports, no broker or mail, embedded database. */
  env?: Record<string, string>;
  /** The data folder (embedded database), removed at the stop; a fresh temporary one when left out. */
  dataDir?: string;
  /** How long it may take to answer (60 s when left out). */
  timeoutMs?: number;
  /** Leaves the data folder at the stop (a seeded database kept for the next run). */
  keepData?: boolean;
}

/** A running console: its URL and how to stop it (the data folder goes with it). */
interface RunningConsole {
  url: string;
  stop: () => Promise<void>;
}

/** Starts the console on free ports of 127.0.0.1 and waits (a minute unless told) until it answers. */
export async function startConsole(start: ConsoleStart): Promise<RunningConsole> {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const dataDir = start.dataDir ?? mkdtempSync(join(tmpdir(), 'lightwell-bench-console-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, start.args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      MQTT_URL: '',
      SIMULATOR_HTTP_PORT: '',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...start.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await new Promise((resolve) => child.once('exit', resolve));
      clearTimeout(killer);
    }
    if (!start.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + (start.timeoutMs ?? 60_000);
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/api/v1/app/config`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the console did not start:\n${output}`);
}

/** Debian's Chromium (or CHROMIUM_PATH), headless, software drawing, no background traffic. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
}
