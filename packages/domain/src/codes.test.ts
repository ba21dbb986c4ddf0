import { describe, expect, it } from 'vitest';
import { Code, isSuccessCode } from './codes.ts';
import { LANGUAGES, type Language } from './locale/language.ts';
import de from './locales/de/errors.json' with { type: 'json' };
import en from './locales/en/errors.json' with { type: 'json' };
import es from './locales/es/errors.json' with { type: 'json' };
import zh from './locales/zh/errors.json' with { type: 'json' };

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
const catalogues: Record<Language, Record<string, string>> = { en, zh, de, es };

describe('every result code has a message', () => {
  it.each(LANGUAGES)('in %s, for every code but success', (language) => {
    const messages = catalogues[language];
    const missing = codes.filter((code) => code !== Code.ok && !messages[code]?.trim());
    expect(missing).toEqual([]);
  });
});
