// npm run bench:memory [-- --seconds 120]: the resident memory of the console and its demo simulator as
// `npm start` runs them on the embedded database. Starts `npm start` on a fresh data folder, waits until
// the simulator says the demo's week of history is stored, samples the RSS of the server, the simulator and
// the whole process tree (/proc/<pid>/status VmRSS) every 2 s for `--seconds`, then stops, starts again on
// the same data and samples again. The server's `memory` debug lines (LOG_LEVEL=debug) give its heap
// breakdown. Prints median and max beside the goals. Figures, not assertions; `--root DIR` measures the
// checkout in DIR, `--data DIR` starts on an existing data folder (its first part is then a restart too).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './free-port.ts';
import { type NpmStart, npmStart } from './npm-start.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '120' },
    root: { type: 'string' },
    data: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const root = values.root ?? new URL('../..', import.meta.url).pathname;
const dataDir = values.data ?? mkdtempSync(join(tmpdir(), 'mem-bench-'));
const GOALS = { server: 250, simulator: 120 };
const MB = 1024;

/** The processes of a process group (Linux /proc): id and command line. */
function groupProcesses(group: number): { pid: number; command: string }[] {
  const found: { pid: number; command: string }[] = [];
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const fields = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[2]) !== group) continue;
      found.push({ pid: Number(name), command: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/** VmRSS of a process in MB (0 when it has ended). */
function rssMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / MB);
  } catch {
    return 0;
  }
}

interface Samples {
  server: number[];
  simulator: number[];
  tree: number[];
  /** The server's last `memory` line: heap, external and array buffers in MB. */
  heap: Record<string, number> | null;
}

type Started = NpmStart;

function start(port: number, brokerPort: number): Started {
  return npmStart({ cwd: root, port, brokerPort, dataDir });
}

async function waitFor(started: Started, what: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!what.test(started.output())) {
    if (started.child.exitCode !== null) throw new Error(`npm start ended:\n${started.output().slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function lastMemoryLine(output: string): Record<string, number> | null {
  const lines = output.split('\n').filter((line) => line.includes('"msg":"memory"'));
  const last = lines.at(-1);
  if (!last) return null;
  const { rssMb, heapUsedMb, heapTotalMb, externalMb, arrayBuffersMb } = JSON.parse(last) as Record<string, number>;
  return {
    rssMb: rssMb!,
    heapUsedMb: heapUsedMb!,
    heapTotalMb: heapTotalMb!,
    externalMb: externalMb!,
    arrayBuffersMb: arrayBuffersMb!,
  };
}

async function sample(started: Started): Promise<Samples> {
  const group = started.child.pid!;
  const samples: Samples = { server: [], simulator: [], tree: [], heap: null };
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const processes = groupProcesses(group);
    const server = processes.find((p) => p.command.includes('server.mjs'));
    const simulator = processes.find((p) => p.command.includes('simulator'));
    if (server) samples.server.push(rssMb(server.pid));
    if (simulator) samples.simulator.push(rssMb(simulator.pid));
    samples.tree.push(processes.reduce((sum, p) => sum + rssMb(p.pid), 0));
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  samples.heap = lastMemoryLine(started.output());
  return samples;
}

async function stop(started: Started): Promise<void> {
  process.kill(-started.child.pid!, 'SIGINT');
  await new Promise((resolve) => started.child.once('exit', resolve));
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const max = (list: number[]) => Math.max(0, ...list);
const verdict = (figure: number, goal: number) => (figure <= goal ? 'meets' : 'MISSES');

function report(title: string, samples: Samples): void {
  const row = (name: string, list: number[], goal?: number) =>
    `  ${name.padEnd(10)} median ${String(median(list)).padStart(4)} MB, max ${String(max(list)).padStart(4)} MB` +
    (goal ? `   goal ≤ ${goal} MB: ${verdict(median(list), goal)} (max ${verdict(max(list), goal)})` : '');
  process.stdout.write(`\n${title} (${samples.tree.length} samples over ${seconds} s):\n`);
  process.stdout.write(`${row('server', samples.server, GOALS.server)}\n`);
  process.stdout.write(`${row('simulator', samples.simulator, GOALS.simulator)}\n`);
  process.stdout.write(`${row('all', samples.tree)}  (npm, start script, server, simulator)\n`);
  if (samples.heap) {
    const h = samples.heap;
    process.stdout.write(
      `  server's last memory line: rss ${h.rssMb} MB = JavaScript heap ${h.heapTotalMb} MB (${h.heapUsedMb} used)` +
        ` + external ${h.externalMb} MB (array buffers ${h.arrayBuffersMb}; the embedded database's WebAssembly memory is the rest)` +
        ` + code, stacks and the allocator\n`,
    );
  }
}

try {
  const port = await freePort();
  const brokerPort = await freePort();
  process.stdout.write(`npm start on ${dataDir}; waiting for the demo's history to be stored…\n`);
  const first = start(port, brokerPort);
  const startedAt = performance.now();
  // A data folder whose history was stored before sends none: sampled from the gateways' start.
  await waitFor(first, values.data ? /simulated gateways/ : /simulator: history stored/, 30 * 60_000);
  process.stdout.write(`history stored after ${Math.round((performance.now() - startedAt) / 1000)} s; sampling…\n`);
  const fresh = await sample(first);
  await stop(first);
  process.stdout.write('restarting on the same data…\n');
  const second = start(port, brokerPort);
  await waitFor(second, /simulated gateways/, 5 * 60_000);
  const restarted = await sample(second);
  await stop(second);
  report('First start, after the history was stored', fresh);
  report('Restart on the same data', restarted);
  process.stdout.write(`\nload average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`);
} finally {
  if (!values.keep && !values.data) rmSync(dataDir, { recursive: true, force: true });
}
