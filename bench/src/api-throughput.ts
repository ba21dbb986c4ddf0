// npm run bench: req/s of a bare Fastify route against an authenticated, signed, validated call of
// ours doing the same database read (and their ratio), and argon2 sign-in throughput.
// BENCH_SECONDS (default 10) sets each run's length; BENCH_DATABASE_URL uses PostgreSQL instead of PGlite.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const child = spawn(process.execPath, ['--import', 'tsx', new URL('./bench-servers.ts', import.meta.url).pathname], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const firstLine = await new Promise<string>((resolve) =>
  createInterface({ input: child.stdout! }).once('line', resolve),
);
const setup = JSON.parse(firstLine) as {
  kind: string;
  appPort: number;
  barePort: number;
  infoBody: Record<string, unknown>;
  login: { email: string; password: string };
};

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

console.log(
  `database: ${setup.kind}; ${seconds} s per run; 10 connections; server in a child process on 2 shared cores\n`,
);
const bare = await run('bare Fastify route, one user read', `http://127.0.0.1:${setup.barePort}/bare`, {});
const ours = await run(
  'POST /api/v1/user/info (session, sign, zod)',
  `http://127.0.0.1:${setup.appPort}/api/v1/user/info`,
  setup.infoBody,
);
console.log(`\nratio ours / bare: ${(ours / bare).toFixed(2)}\n`);
await run(
  'POST /api/v1/user/login (argon2id verify)',
  `http://127.0.0.1:${setup.appPort}/api/v1/user/login`,
  setup.login,
  4,
);

child.kill('SIGTERM');
