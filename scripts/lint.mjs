// npm run lint: each static check below, one after the other (each runs even when one before it failed); exits
// non-zero when any failed, naming them. A new check is one more line in CHECKS.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

/** [name, command, ...arguments], run from the repository's root. */
const CHECKS = [
  ['biome', 'node', 'scripts/biome.mjs', 'ci', '.'],
  ['server layers', 'npx', 'depcruise', 'apps/server/src', '--config', '.dependency-cruiser.cjs'],
  ['unused files, exports and dependencies', 'npx', 'knip'],
  ['file and function sizes', 'node', 'scripts/size-rules.mjs'],
  ['no route writes a table', 'node', 'scripts/route-rules.mjs'],
];

const failed = [];
for (const [name, command, ...args] of CHECKS) {
  console.log(`\n> ${name}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nlint failed: ${failed.join(', ')}`);
  process.exit(1);
}
