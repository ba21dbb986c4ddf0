// Runs the Biome linter and formatter. The project depends on Biome's Linux x64 build directly
// (see docs/decisions.md); this wrapper finds its binary and passes the arguments through.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const binary = join(dirname(require.resolve('@biomejs/cli-linux-x64/package.json')), 'biome');
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
