// npm run bench:restart [-- --runs 5]: `npm start` again and again on one existing data folder (the demo
// seeded by a first, untimed start) and prints the time from the command to the first page served, and
// the server's start phases (LOG_LEVEL=debug) per run. Figures, not assertions. `--root DIR` times the
// checkout in DIR instead (an older version, for a before/after figure).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { npmStart } from './npm-start.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '18480' },
    root: { type: 'string' },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const root = values.root ?? new URL('../..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'lightwell-restart-'));

interface Run {
  firstPageMs: number;
  /** CPU time of the whole process group (npm, start script, server) up to the first page. */
  cpuMs: number;
  phases: Record<string, number>;
}

/**
 * CPU milliseconds used so far by the processes of a process group (Linux /proc), including their
 * ended children: a figure that other work on the machine disturbs less than the wall-clock time.
 */
function groupCpuMs(group: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // After the command: state ppid pgrp … utime(12) stime(13) cutime(14) cstime(15), counted from state = 0.
      if (Number(fields[2]) !== group) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10;
}

async function firstPage(child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error('npm start ended before serving');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One `npm start` up to its first page; stopped with Ctrl-C (SIGINT to its process group). */
async function startOnce(): Promise<Run> {
  const started = performance.now();
  const { child, output: printed } = npmStart({ cwd: root, port, brokerPort: port + 1, dataDir });
  const firstPageMs = await firstPage(child, started);
  const cpuMs = groupCpuMs(child.pid!);
  // The phases line follows the listen at once; the simulated gateways connect after the first page.
  const deadline = Date.now() + 20_000;
  while (!(printed().includes('"start phases"') && printed().includes('simulated gateways')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const line = printed()
    .split('\n')
    .find((l) => l.includes('"start phases"'));
  const phases = line ? (JSON.parse(line) as { phases: Record<string, number> }).phases : {};
  process.kill(-child.pid!, 'SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  return { firstPageMs, cpuMs, phases };
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

try {
  process.stdout.write(`first start on ${dataDir} (builds if needed, seeds the demo; not counted)…\n`);
  await startOnce();
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await startOnce();
    results.push(run);
    process.stdout.write(
      `run ${i + 1}: first page after ${Math.round(run.firstPageMs)} ms, ${run.cpuMs} ms of CPU (npm, start script, server)\n`,
    );
  }
  const times = results.map((run) => run.firstPageMs);
  const cpu = results.map((run) => run.cpuMs);
  process.stdout.write(
    `\nnpm start → first page (${runs} restarts): min ${Math.round(Math.min(...times))} ms, median ${Math.round(median(times))} ms, max ${Math.round(Math.max(...times))} ms` +
      `\nCPU time to the first page: min ${Math.min(...cpu)} ms, median ${median(cpu)} ms, max ${Math.max(...cpu)} ms\n\nserver phases, median ms:\n`,
  );
  if (Object.keys(results[0]!.phases).length === 0) process.stdout.write('  (this version logs no phases)\n');
  for (const name of Object.keys(results[0]!.phases)) {
    const values = results.map((run) => run.phases[name] ?? 0);
    process.stdout.write(`  ${name.padEnd(18)} ${String(median(values)).padStart(5)}\n`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
