import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTempTrees } from './lib/temp-tree.mjs';
import { check, FILE_LIMIT, FUNCTION_LIMIT } from './size-rules.mjs';

/** The lines the checker prints for the breaches in `dir`. */
const breachesIn = (dir) => check([dir]).map((breach) => breach.text);

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'size-rules.mjs');
const tree = useTempTrees('size-rules-');

const lines = (count, make = (i) => `const v${i} = ${i};`) =>
  `${Array.from({ length: count }, (_, i) => make(i)).join('\n')}\n`;
/** A body of `count` lines in all, its first and last line included. */
const body = (count) => lines(count - 2, (i) => `  total += ${i};`);

describe('size rules', () => {
  it('finds a file past the limit, and not one at it', () => {
    const dir = tree({ 'src/long.ts': lines(FILE_LIMIT + 1), 'src/full.ts': lines(FILE_LIMIT) });
    expect(breachesIn(dir)).toEqual([`src/long.ts: ${FILE_LIMIT + 1} lines (limit ${FILE_LIMIT})`]);
  });

  it('finds declarations, arrows and methods past the limit, by name and first line', () => {
    const dir = tree({
      'src/work.ts': [
        '// “ünïcode” before the functions: lines are counted, not bytes',
        `export function declared(): number {\n  let total = 0;\n${body(FUNCTION_LIMIT)}}`,
        `export const arrow = (): number => {\n  let total = 0;\n${body(FUNCTION_LIMIT)}};`,
        `export class Holder {\n  method(): number {\n    let total = 0;\n${body(FUNCTION_LIMIT)}  }\n}`,
        `export const fits = (): number => {\n  let total = 0;\n${body(FUNCTION_LIMIT - 1)}};`,
        '',
      ].join('\n'),
    });
    // Each long function has FUNCTION_LIMIT + 1 lines; the class line comes before the method's.
    const arrowAt = 2 + FUNCTION_LIMIT + 1;
    const methodAt = arrowAt + FUNCTION_LIMIT + 2;
    expect(breachesIn(dir)).toEqual([
      `src/work.ts:2: function declared has ${FUNCTION_LIMIT + 1} lines (limit ${FUNCTION_LIMIT})`,
      `src/work.ts:${arrowAt}: function arrow has ${FUNCTION_LIMIT + 1} lines (limit ${FUNCTION_LIMIT})`,
      `src/work.ts:${methodAt}: function method has ${FUNCTION_LIMIT + 1} lines (limit ${FUNCTION_LIMIT})`,
    ]);
  });

  it('leaves schema files and migrations out of the file rule; routes, db and tests out of the function rule', () => {
    const long = `export function long(): number {\n  let total = 0;\n${body(FUNCTION_LIMIT)}}\n`;
    const dir = tree({
      'src/db/schema-things.ts': lines(FILE_LIMIT + 1),
      'src/db/migrations/0001_first.ts': lines(FILE_LIMIT + 1),
      'src/routes/thing/thing.routes.ts': long,
      'src/db/things.ts': long,
      'src/thing.test.ts': long,
      'src/db/things-long.ts': lines(FILE_LIMIT + 1),
    });
    expect(breachesIn(dir)).toEqual([`src/db/things-long.ts: ${FILE_LIMIT + 1} lines (limit ${FILE_LIMIT})`]);
  });

  it('exits 1 and names each breach, exits 0 on a tree within the limits', () => {
    const bad = tree({ 'src/long.ts': lines(FILE_LIMIT + 1) });
    const failed = spawnSync(process.execPath, [SCRIPT, bad], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain(`too long src/long.ts: ${FILE_LIMIT + 1} lines`);

    const good = tree({ 'src/short.ts': lines(FILE_LIMIT) });
    const passed = spawnSync(process.execPath, [SCRIPT, good], { encoding: 'utf8' });
    expect(passed.status).toBe(0);
  });
});
