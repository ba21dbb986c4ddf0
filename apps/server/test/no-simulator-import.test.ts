import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const src = new URL('../src', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// docs/decisions.md, "Starting the console": the server and the simulator meet only on the wire.
it('no server source but a test imports the simulator', () => {
  const importing = sourceFiles(src).filter((file) =>
    /from\s+['"](@lightwell\/simulator|[./]+simulator\/)|import\(\s*['"]@lightwell\/simulator/.test(
      readFileSync(file, 'utf8'),
    ),
  );
  expect(importing).toEqual([]);
});
