// npm test: every tier — lint, types, unit (domain + web), API integration on PGlite and on PostgreSQL
// with the simulator, the web build, browser end-to-end — then each tier's time and one summary line
// "N passed, N failed, N skipped".
//
// Tiers run in three lanes side by side: the build and the API tests (the longest tier, started first) in
// one, the checks and then the browser tests' tour (once the build is there) in the second, the web and
// domain unit tests and then the browser tests' flows (once the build is there) in the third: the browser
// tests mostly wait, so their two parts and the Node tests keep the machine's two cores busy, and the three
// lanes take about as long as each other. Each running tier's
// lines are printed as they come, prefixed with its name, and kept whole in test-results/<tier>.log.
//   node scripts/test.mjs [tier ...]   only these tiers (e.g. `unit server`; `e2e` is both its parts)
//   TEST_LANES=1                       one lane: every tier one after the other
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

const vitest = (name, projects, options = []) => ({
  name,
  cmd: [
    'npx',
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    ...options,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}/${name}.json`,
  ],
  report: `${out}/${name}.json`,
});

/**
 * One part of the browser tests (a project of e2e/playwright.config.ts) in its own Playwright process, with
 * its own ports, report and artifacts; `after` names a tier of another lane it waits for.
 */
const e2eTier = (project, ports, after) => ({
  name: `e2e:${project}`,
  cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--project', project],
  env: {
    ...ports,
    PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e-${project}.json`,
    E2E_OUTPUT_DIR: `${out}/e2e-artifacts/${project}`,
  },
  report: `${out}/e2e-${project}.json`,
  playwright: true,
  after,
});

const tiers = {
  lint: { name: 'lint', cmd: ['npm', 'run', 'lint'] },
  typecheck: { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  unit: vitest('unit', ['domain', 'web', 'scripts']),
  // Two files at a time: an API test file spends most of its time waiting (for MQTT round trips, a
  // simulated gateway, a job's tick), so two overlap their waits; vitest would take one on 2 cores.
  server: vitest('server', ['server-pglite', 'server-pg', 'simulator'], ['--maxWorkers=2']),
  build: { name: 'build', cmd: ['npm', 'run', 'build'] },
  'e2e:tour': e2eTier('tour', {}, 'build'),
  // Its own console, simulator and SMTP server beside the tour's (e2e/support/env.ts), once the build is there.
  // Its console keeps its data in PostgreSQL, as a production installation does; the tour's console in the
  // embedded PGlite a first `npm start` uses. Native PostgreSQL also spares the busy machine PGlite's
  // WebAssembly: the console's CPU time for the same specs fell from 29 s to 13 s with its database.
  'e2e:flows': e2eTier(
    'flows',
    {
      E2E_PORT: '18191',
      E2E_SMTP_PORT: '18125',
      E2E_MQTT_PORT: '18932',
      E2E_SIM_PORT: '18197',
      E2E_DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    'build',
  ),
};

const laneNames = [
  ['build', 'server'],
  ['lint', 'typecheck', 'e2e:tour'],
  ['unit', 'e2e:flows'],
];
/** `e2e` chooses both parts of the browser tests. */
const wanted = (name) => only.length === 0 || only.includes(name) || only.includes(name.split(':')[0]);
const chosen = (names) => names.filter(wanted).map((n) => tiers[n]);
const lanes =
  process.env.TEST_LANES === '1' ? [chosen(laneNames.flat())] : laneNames.map(chosen).filter((l) => l.length);
const width = Math.max(...Object.keys(tiers).map((name) => name.length));

/** Runs one tier, streaming its lines with a prefix and into its log; resolves with its exit status and time. */
function runTier(tier) {
  const prefix = lanes.length > 1 ? `${tier.name.padEnd(width)} | ` : '';
  console.log(`${prefix}=== ${tier.name}: ${tier.cmd.join(' ')}`);
  const started = Date.now();
  const log = createWriteStream(join(out, `${tier.name.replace(':', '-')}.log`));
  const child = spawn(tier.cmd[0], tier.cmd.slice(1), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...tier.env, FORCE_COLOR: '0' },
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      log.write(`${line}\n`);
      console.log(`${prefix}${line}`);
    });
  }
  return new Promise((resolve) => {
    child.on('close', (status) => {
      log.end();
      const seconds = (Date.now() - started) / 1000;
      console.log(`${prefix}=== ${tier.name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      resolve({ tier, status, seconds });
    });
  });
}

/** Counts of one tier's report; a tier that failed with every test passing counts as one failure. */
function countTier({ tier, status }) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (!tier.report) return counts;
  if (!existsSync(tier.report)) {
    if (status !== 0) counts.failed = 1;
    return counts;
  }
  const report = JSON.parse(readFileSync(tier.report, 'utf8'));
  if (tier.playwright) {
    counts.passed = (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    counts.failed = report.stats?.unexpected ?? 0;
    counts.skipped = report.stats?.skipped ?? 0;
  } else {
    counts.passed = report.numPassedTests ?? 0;
    counts.failed = report.numFailedTests ?? 0;
    counts.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A file that failed to load or whose hooks failed has no failed test of its own: name it.
    for (const file of report.testResults ?? []) {
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        counts.failed += 1;
        console.log(`=== ${tier.name}: ${file.name} failed outside its tests: ${file.message ?? ''}`);
      }
    }
  }
  if (status !== 0 && counts.failed === 0) {
    counts.failed = 1;
    console.log(`=== ${tier.name}: exited ${status} with every test passing (see ${tier.name}.log)`);
  }
  return counts;
}

/** The first lines of a failure message, without colour codes: enough to tell one failure from another. */
const firstLines = (message = '', count = 6) =>
  message
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim() && !/^\s*at /.test(line))
    .slice(0, count)
    .map((line) => `      ${line}`)
    .join('\n');

/** Each failed test of one tier's report, by name and place, with the start of its error. */
function failuresOf({ tier }) {
  if (!tier.report || !existsSync(tier.report)) return [];
  const report = JSON.parse(readFileSync(tier.report, 'utf8'));
  const failures = [];
  if (tier.playwright) {
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          if (test.status !== 'unexpected') continue;
          // Every error of the failed try: a test timeout comes with a second one naming the step it waited on.
          const errors = (test.results ?? [])
            .filter((r) => r.status !== 'passed')
            .flatMap((r) => (r.errors?.length ? r.errors : [r.error]))
            .filter((e) => e?.message);
          const where = (e) => (e.location ? `      (${relative(root, e.location.file)}:${e.location.line})\n` : '');
          const shown = errors.map((e) => `${where(e)}${firstLines(e.message, errors.length > 1 ? 8 : 6)}`).join('\n');
          failures.push(`${[...titles, spec.title].join(' › ')} (${spec.file}:${spec.line})\n${shown}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child, suite.title ? [...titles, suite.title] : titles);
    };
    for (const suite of report.suites ?? []) walk(suite, []);
  } else {
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status !== 'failed') continue;
        const where = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
        failures.push(`${test.fullName} (${where})\n${firstLines(test.failureMessages?.[0])}`);
      }
    }
  }
  return failures.map((failure) => `  ${tier.name}: ${failure}`);
}

const started = Date.now();
/** Each chosen tier's run, once started: a tier with `after` waits for that tier when it was chosen. */
const runs = new Map();
const results = (
  await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const tier of lane) {
        const run = (async () => {
          if (tier.after && wanted(tier.after)) {
            while (!runs.has(tier.after)) await new Promise((resolve) => setTimeout(resolve, 100));
            await runs.get(tier.after);
          }
          return runTier(tier);
        })();
        runs.set(tier.name, run);
        done.push(await run);
      }
      return done;
    }),
  )
).flat();

const total = { passed: 0, failed: 0, skipped: 0 };
for (const result of results) {
  const counts = countTier(result);
  for (const key of Object.keys(total)) total[key] += counts[key];
}
console.log('\nTier times:');
for (const { tier, status, seconds } of results) {
  console.log(`  ${tier.name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)} s  ${status === 0 ? 'ok' : 'FAILED'}`);
}
console.log(
  `  ${'total'.padEnd(width)}  ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s (lanes side by side)`,
);
const failedTiers = results.filter((r) => r.status !== 0).map((r) => r.tier.name);
if (failedTiers.length) {
  // Named last, where the tail of a long log shows them, with the start of each error.
  const failures = results.flatMap(failuresOf);
  if (failures.length) console.log(`\nFailed tests:\n${failures.join('\n')}`);
  console.log(`\nFailed tiers: ${failedTiers.join(', ')}`);
}
console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedTiers.length ? 1 : 0);
