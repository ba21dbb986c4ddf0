import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempTrees } from './lib/temp-tree.mjs';

/*
 * The unused-code check of `npm run lint` (knip, configured by knip.json; docs/decisions.md, Nothing unused):
 * run through its command line on a small package, it names an export nobody imports, an export used only
 * inside its own file, a file nothing imports and a dependency nothing uses, and passes once they are gone.
 * A test file counts as a user of what it imports.
 */

const require = createRequire(import.meta.url);
// knip's package exports only its API (dist/index.js); its command line sits beside it in bin/.
const KNIP = join(dirname(dirname(require.resolve('knip'))), 'bin', 'knip.js');
/** A package folder holding the files given (path → text), removed after the test. */
const tree = useTempTrees('knip-');

/** Runs knip on `dir`: its exit status and its findings as `kind file name` lines, sorted. */
function knip(dir) {
  const run = spawnSync(process.execPath, [KNIP, '--directory', dir, '--reporter', 'json', '--no-progress'], {
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  const report = JSON.parse(run.stdout);
  const findings = [];
  for (const issue of report.issues) {
    for (const kind of ['files', 'dependencies', 'devDependencies', 'unlisted', 'exports', 'types']) {
      const entries = Array.isArray(issue[kind]) ? issue[kind] : Object.values(issue[kind] ?? {});
      for (const entry of entries)
        findings.push(kind === 'files' ? `files ${issue.file}` : `${kind} ${issue.file} ${entry.name}`);
    }
  }
  return { status: run.status, findings: findings.sort() };
}

const packageJson = (dependencies) =>
  JSON.stringify({
    name: 'fixture',
    private: true,
    type: 'module',
    dependencies,
    devDependencies: { vitest: '4.1.12' },
  });

/** A package whose entry uses `lib.ts`, whose `scale` only a test of another file imports. */
const CLEAN = {
  'package.json': packageJson({}),
  'knip.json': JSON.stringify({ entry: ['src/main.ts'], project: ['src/**/*.ts'] }),
  'src/main.ts': "import { area } from './lib.ts';\n\nconsole.log(area(2, 3));\n",
  'src/lib.ts': [
    'export function area(width: number, height: number): number {',
    '  return width * height;',
    '}',
    '',
    'export function scale(value: number, factor: number): number {',
    '  return value * factor;',
    '}',
    '',
  ].join('\n'),
  'src/main.test.ts': [
    "import { expect, it } from 'vitest';",
    "import { scale } from './lib.ts';",
    '',
    "it('scales', () => expect(scale(2, 3)).toBe(6));",
    '',
  ].join('\n'),
};

describe('knip', () => {
  it('passes a package where every file, export and dependency is used (a test counts as a user)', () => {
    expect(knip(tree(CLEAN))).toEqual({ status: 0, findings: [] });
  }, 60_000);

  it('names a planted unused export, an export used only in its file, an unused file and dependency', () => {
    const dir = tree({
      ...CLEAN,
      'package.json': packageJson({ 'left-pad': '1.3.0' }),
      'src/lib.ts': [
        CLEAN['src/lib.ts'],
        'export function planted(): string {',
        "  return 'nobody imports me';",
        '}',
        '',
        '// Used by perimeter alone: it needs no export.',
        'export const UNIT = 1;',
        '',
        'export function perimeter(width: number, height: number): number {',
        '  return 2 * (width + height) * UNIT;',
        '}',
        '',
      ].join('\n'),
      'src/main.ts': "import { area, perimeter } from './lib.ts';\n\nconsole.log(area(2, 3), perimeter(2, 3));\n",
      'src/orphan.ts': 'export const orphan = 1;\n',
    });
    expect(knip(dir)).toEqual({
      status: 1,
      findings: [
        'dependencies package.json left-pad',
        'exports src/lib.ts UNIT',
        'exports src/lib.ts planted',
        'files src/orphan.ts',
      ],
    });
  }, 60_000);
});
