import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Code, isSuccessCode } from './codes.ts';
import { LANGUAGES } from './locale/language.ts';

describe('success codes (section 8)', () => {
  it('treats 0 and the empty list 1050 as success, except 1050 on project delete', () => {
    expect(isSuccessCode(Code.ok)).toBe(true);
    expect(isSuccessCode(Code.emptyList, 'networkAll')).toBe(true);
    expect(isSuccessCode(Code.emptyList, 'projectDelete')).toBe(false);
    expect(isSuccessCode(Code.ok, 'projectDelete')).toBe(true);
    expect(isSuccessCode(Code.sessionInvalid)).toBe(false);
  });
});

const codes = Object.values(Code);

describe('every result code is explained', () => {
  it.each(LANGUAGES)('has a message in %s for every code but success', (language) => {
    const messages = JSON.parse(
      readFileSync(join(import.meta.dirname, `locales/${language}/errors.json`), 'utf8'),
    ) as Record<string, unknown>;
    const missing = codes.filter((code) => code !== Code.ok && !(typeof messages[code] === 'string' && messages[code]));
    expect(missing).toEqual([]);
  });

  it('docs/api.md lists every code in its result-code table, and no other', () => {
    const api = readFileSync(join(import.meta.dirname, '../../../docs/api.md'), 'utf8');
    const section = api.split(/^## Result codes$/m)[1]?.split(/^## /m)[0] ?? '';
    const rows = [...section.matchAll(/^\| (\d+)\s+\|[^|]*\|\s*(\S[^|]*?)\s*\|/gm)];
    const listed = rows.map((row) => Number(row[1]));
    expect(rows.every((row) => row[2]!.length > 0)).toBe(true);
    expect([...listed].sort((a, b) => a - b)).toEqual([...codes].sort((a, b) => a - b));
  });
});
