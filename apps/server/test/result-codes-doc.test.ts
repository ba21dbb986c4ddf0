import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';

const apiDoc = readFileSync(join(import.meta.dirname, '../../../docs/api.md'), 'utf8');

/** Rows of the result-code table in docs/api.md: code and meaning. */
function documentedCodes(): { code: number; meaning: string }[] {
  const section = apiDoc.split(/^## Result codes$/m)[1]?.split(/^### |^## /m)[0] ?? '';
  return [...section.matchAll(/^\| (\d+)\s*\|[^|]*\|([^|]*)\|/gm)].map((row) => ({
    code: Number(row[1]),
    meaning: row[2]!.trim(),
  }));
}

describe('docs/api.md result codes', () => {
  it('lists every code of packages/domain/src/codes.ts with its meaning, and no other', () => {
    const rows = documentedCodes();
    const numeric = (a: number, b: number) => a - b;
    expect(rows.map((row) => row.code).sort(numeric)).toEqual(Object.values(Code).sort(numeric));
    expect(rows.filter((row) => row.meaning === '')).toEqual([]);
  });
});
