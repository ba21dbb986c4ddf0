// npm test: every tier in turn — lint, types, unit (domain + web), API integration on PGlite and on
// PostgreSQL, OpenAPI drift, browser end-to-end — then one summary line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

const tiers = [
  { name: 'lint', cmd: ['npm', 'run', 'lint'] },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  {
    name: 'unit',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'domain',
      '--project',
      'web',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}/unit.json`,
    ],
    report: `${out}/unit.json`,
  },
  {
    name: 'server',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'server-pglite',
      '--project',
      'server-pg',
      '--project',
      'simulator',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}/server.json`,
    ],
    report: `${out}/server.json`,
  },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` },
    report: `${out}/e2e.json`,
    playwright: true,
  },
].filter((tier) => only.length === 0 || only.includes(tier.name));

let passed = 0;
let failed = 0;
let skipped = 0;
const failedTiers = [];
for (const tier of tiers) {
  console.log(`\n=== ${tier.name}: ${tier.cmd.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(tier.cmd[0], tier.cmd.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...tier.env },
  });
  console.log(
    `=== ${tier.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) failedTiers.push(tier.name);
  const failedBefore = failed;
  if (tier.report && existsSync(tier.report)) {
    const report = JSON.parse(readFileSync(tier.report, 'utf8'));
    if (tier.playwright) {
      passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
      failed += report.stats?.unexpected ?? 0;
      skipped += report.stats?.skipped ?? 0;
    } else {
      passed += report.numPassedTests ?? 0;
      failed += report.numFailedTests ?? 0;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      // A file that failed to load or whose hooks failed has no failed test of its own: name it.
      for (const file of report.testResults ?? []) {
        if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
          failed += 1;
          console.log(`=== ${tier.name}: ${file.name} failed outside its tests: ${file.message ?? ''}`);
        }
      }
    }
    if (result.status !== 0 && failed === failedBefore) {
      failed += 1;
      console.log(`=== ${tier.name}: exited ${result.status} with every test passing (see the errors printed above)`);
    }
  } else if (result.status !== 0 && tier.report) {
    failed += 1;
  }
}
if (failedTiers.length) console.log(`\nFailed tiers: ${failedTiers.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedTiers.length ? 1 : 0);
