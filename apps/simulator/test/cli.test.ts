import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestBroker, type TestBroker } from './support.ts';

let broker: TestBroker;
beforeAll(async () => {
  broker = await startTestBroker(0, new Map(), true);
});
afterAll(async () => {
  await broker.close();
});

const cli = new URL('../src/cli.ts', import.meta.url).pathname;

/** Runs the CLI until it prints its control endpoint; answers the endpoint and a stop function. */
async function runCli(args: string[]) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', cli, '--broker', broker.url, '--control-port', '0', ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  const output = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no control endpoint: ${lines.join('\n')}`)), 20_000);
    output.on('line', (line) => {
      lines.push(line);
      const match = /control endpoint: (http:\S+)\/state/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
  });
  /** The first line (printed already or to come) that matches. */
  const line = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const seen = lines.find((printed) => pattern.test(printed));
      if (seen) return resolve(seen);
      const check = (printed: string) => {
        if (!pattern.test(printed)) return;
        output.off('line', check);
        resolve(printed);
      };
      output.on('line', check);
    });
  return {
    url,
    lines,
    line,
    stop: () =>
      new Promise<number | null>((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

it('runs a generated fleet from the command line and writes it to a file', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'lw-sim-')), 'fleet.json');
  const run = await runCli(['--fleet', '3x5', '--latency', '0', '--write-fleet', file]);
  expect(run.lines[0]).toMatch(/^3 gateways with 15 devices connected/);
  const state = (await (await fetch(`${run.url}/state`)).json()) as { gateways: { connection: string }[] };
  expect(state.gateways.map((g) => g.connection)).toEqual(['online', 'online', 'online']);
  const written = JSON.parse(readFileSync(file, 'utf8')) as { gateways: { sn: string; secret: string }[] };
  expect(written.gateways).toHaveLength(3);
  expect(await run.stop()).toBe(0);
}, 30_000);

it('runs a scenario named on the command line once the fleet is connected', async () => {
  const run = await runCli(['--fleet', '2x16', '--latency', '0', '--seed', '3', '--scenario', 'morning-burst']);
  expect(await run.line(/^morning-burst:/)).toBe(
    'morning-burst: 20 luminaires in 2 meshes switched on, one state message each',
  );
  expect(await run.stop()).toBe(0);
}, 30_000);

it('runs the gateways of a fleet file', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'lw-sim-')), 'fleet.json');
  writeFileSync(
    file,
    JSON.stringify({
      latencyMs: [5, 10],
      gateways: [
        {
          sn: 'cli-gw-1',
          secret: 'cli-secret',
          devices: [{ mac: 'CC:00:00:00:00:01', address: 2, kind: 'dt8', model: 'CLI-DT8' }],
        },
      ],
    }),
  );
  const run = await runCli(['--config', file]);
  const device = (await (await fetch(`${run.url}/devices/CC0000000001`)).json()) as {
    gateway: { sn: string; connection: string };
    device: { elements: { type: number; cct?: number }[] };
  };
  expect(device.gateway).toEqual({ sn: 'cli-gw-1', connection: 'online' });
  expect(device.device.elements[0]).toMatchObject({ type: 8, cct: 4000 });
  expect(await run.stop()).toBe(0);
}, 30_000);

it('runs in its own process through launch.mjs, given the fleet on its standard input', async () => {
  const { generateFleet } = await import('../src/fleet.ts');
  const { launchSimulator } = await import('../launch.mjs');
  const fleet = { brokerUrl: broker.url, latencyMs: 0, gateways: generateFleet(2, 3, 'launch-gw') };
  const simulator = launchSimulator({ fleet, controlPort: 0 });
  const ready = await simulator.ready;
  expect(ready.gateways).toEqual(fleet.gateways.map((g) => g.sn));
  const state = (await (await fetch(`${ready.control}/state`)).json()) as { gateways: { connection: string }[] };
  expect(state.gateways.map((g) => g.connection)).toEqual(['online', 'online']);
  await simulator.stop();
  expect((await simulator.exited).code).toBe(0);
}, 30_000);
