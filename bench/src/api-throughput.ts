// npm run bench: req/s of a bare Fastify hello route (no database), a bare Fastify route doing one user
// read, and an authenticated, signed, validated call of ours doing the same read (and their ratios), and
// argon2 sign-in throughput. BENCH_SECONDS (default 10) sets each run's length; BENCH_DATABASE_URL uses
// PostgreSQL instead of PGlite; with `--both` (and BENCH_DATABASE_URL) it runs PGlite, then PostgreSQL,
// and prints embedded / PostgreSQL. BENCH_CPU_PROF=<dir> writes the server child's CPU profile there;
// BENCH_ONLY=info runs user/info alone (a profile of it without the other routes).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const serverUrl = process.env.BENCH_DATABASE_URL;
const both = process.argv.includes('--both') && serverUrl !== undefined;
const profileDir = process.env.BENCH_CPU_PROF;
const infoOnly = process.env.BENCH_ONLY === 'info';

interface Setup {
  kind: string;
  appPort: number;
  barePort: number;
  infoBody: Record<string, unknown>;
  login: { email: string; password: string };
}

async function run(title: string, url: string, body: unknown, connections = 10) {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections,
    duration: seconds,
  });
  const bad = result.non2xx + result.errors;
  console.log(
    `${title.padEnd(44)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms${bad ? `   (${bad} failed)` : ''}`,
  );
  return result.requests.average;
}

/** Starts bench-servers.ts on PGlite (no url) or a scratch PostgreSQL database and reads its setup line. */
async function startServers(url: string | undefined) {
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const script = new URL('./bench-servers.ts', import.meta.url).pathname;
  const env = { ...process.env };
  if (url) env.BENCH_DATABASE_URL = url;
  else delete env.BENCH_DATABASE_URL;
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env,
  });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { child, setup: JSON.parse(line) as Setup };
}

/** Every row for one database; answers the user/info rate. */
async function benchDatabase(url: string | undefined): Promise<number> {
  const { child, setup } = await startServers(url);
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(
    `database: ${setup.kind}; ${seconds} s per run; 10 connections; server in a child process on 2 shared cores; load average ${load}\n`,
  );
  const base = (port: number) => `http://127.0.0.1:${port}`;
  const hello = infoOnly ? 0 : await run('bare Fastify hello, no database', `${base(setup.barePort)}/hello`, {});
  const bare = infoOnly ? 0 : await run('bare Fastify route, one user read', `${base(setup.barePort)}/bare`, {});
  const ours = await run(
    'POST /api/v1/user/info (session, sign, zod)',
    `${base(setup.appPort)}/api/v1/user/info`,
    setup.infoBody,
  );
  if (!infoOnly) {
    console.log(`\nratio ours / bare read: ${(ours / bare).toFixed(2)}`);
    console.log(`ratio ours / hello:     ${(ours / hello).toFixed(3)}\n`);
    await run('POST /api/v1/user/login (argon2id verify)', `${base(setup.appPort)}/api/v1/user/login`, setup.login, 4);
  }
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return ours;
}

if (both) {
  const embedded = await benchDatabase(undefined);
  console.log('');
  const postgres = await benchDatabase(serverUrl);
  console.log(`\nuser/info embedded / PostgreSQL: ${(embedded / postgres).toFixed(2)}`);
} else {
  await benchDatabase(serverUrl);
  console.log(
    'For embedded / PostgreSQL, compare the user/info rows of `npm run bench` and `BENCH_DATABASE_URL=… npm run bench`, or run both with `-- --both`.',
  );
}
