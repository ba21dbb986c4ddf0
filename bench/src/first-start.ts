// npm run bench:first-start [-- --worktree] [-- --keep]: a newcomer's first start. Clones this repository's
// current commit into a temporary folder (with `--worktree`, the working tree's uncommitted changes copied
// over it), runs `npm ci` there (from the local npm cache) and then `npm start` on a fresh data folder, and
// prints the time of each step up to the first page served: install, the builds and the database's
// creation (the start script's line; they overlap), the server's start steps (its `start phases` line at
// LOG_LEVEL=debug: migrations, demo seed, …) and the first page. Figures, not assertions.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from './free-port.ts';
import { npmStart } from './npm-start.ts';

const { values } = parseArgs({
  options: { worktree: { type: 'boolean', default: false }, keep: { type: 'boolean', default: false } },
});
const source = new URL('../..', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'first-start-'));
const clone = join(folder, 'lightwell');
const dataDir = join(folder, 'data');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Copies the working tree's changed and new files (not ignored ones) over the clone. */
function copyWorktreeChanges(): number {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: source, encoding: 'utf8' });
  const changed = [
    ...git('diff', 'HEAD', '--name-only').split('\n'),
    ...git('ls-files', '--others', '--exclude-standard').split('\n'),
  ].filter(Boolean);
  for (const path of changed) {
    if (existsSync(join(source, path))) cpSync(join(source, path), join(clone, path), { recursive: true });
    else rmSync(join(clone, path), { force: true });
  }
  return changed.length;
}

/** Runs `npm start` in the clone up to its first page; answers the time and what it printed. */
async function firstStart(): Promise<{ ms: number; output: string }> {
  const port = await freePort();
  const started = performance.now();
  const { child, output: printed } = npmStart({ cwd: clone, port, brokerPort: await freePort(), dataDir });
  let ms = 0;
  while (ms === 0) {
    if (child.exitCode !== null) throw new Error(`npm start ended before serving:\n${printed().slice(-3000)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) ms = performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const deadline = Date.now() + 10_000;
  while (!printed().includes('"start phases"') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.kill(-child.pid!, 'SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  return { ms, output: printed() };
}

/** The start script's steps (`start script: web app build 21.3 s, …`), or its older total line. */
function scriptSteps(output: string): [string, string][] {
  const line = output.split('\n').find((l) => l.startsWith('start script: '));
  if (!line) return [];
  const older = /builds checked in (\d+) ms/.exec(line);
  if (older) return [['builds (web app, server and simulator, one after the other)', seconds(Number(older[1]))]];
  return line
    .slice('start script: '.length)
    .split(', ')
    .map((part) => {
      const at = part.lastIndexOf(' ', part.length - 3);
      return [part.slice(0, at), part.slice(at + 1)] as [string, string];
    });
}

try {
  let started = performance.now();
  execFileSync('git', ['clone', '--quiet', source, clone]);
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim();
  const copied = values.worktree ? copyWorktreeChanges() : 0;
  process.stdout.write(
    `cloned ${commit}${values.worktree ? ` with ${copied} changed files of the working tree` : ''} into ${clone} (${seconds(performance.now() - started)}, not counted)\n`,
  );
  started = performance.now();
  const install = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
    cwd: clone,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (install.status !== 0) throw new Error(`npm ci failed (${install.status})`);
  const installMs = performance.now() - started;
  process.stdout.write(`npm ci: ${seconds(installMs)}\nnpm start…\n`);
  const { ms, output } = await firstStart();
  const phasesLine = output.split('\n').find((l) => l.includes('"start phases"'));
  const phases = phasesLine ? (JSON.parse(phasesLine) as { phases: Record<string, number> }).phases : {};

  process.stdout.write('\nA first start, step by step:\n');
  process.stdout.write(`  install (npm ci)                 ${seconds(installMs)}\n`);
  process.stdout.write('  npm start: the start script (steps in parallel where it runs them so)\n');
  for (const [name, time] of scriptSteps(output)) process.stdout.write(`    ${name.padEnd(30)} ${time}\n`);
  process.stdout.write('  npm start: the server\n');
  for (const [name, time] of Object.entries(phases)) process.stdout.write(`    ${name.padEnd(30)} ${seconds(time)}\n`);
  process.stdout.write(`  npm start → first page           ${seconds(ms)}\n`);
  process.stdout.write(`\nnpm ci && npm start → first page: ${seconds(installMs + ms)} (goal ≤ 45 s)\n`);
  process.stdout.write(`load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`);
} finally {
  if (values.keep) process.stdout.write(`kept ${dirname(clone)}\n`);
  else rmSync(folder, { recursive: true, force: true });
}
