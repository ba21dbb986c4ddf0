import { describe, expect, it } from 'vitest';
import { codeToLanguage, languageToCode, matchLanguage } from './language.ts';

describe('languages (section 1: en 0, zh 1, de 2, es 3; default en)', () => {
  it('maps codes both ways', () => {
    expect([0, 1, 2, 3].map(codeToLanguage)).toEqual(['en', 'zh', 'de', 'es']);
    expect(languageToCode('es')).toBe(3);
    expect(codeToLanguage(9)).toBe('en');
  });

  it.each([
    ['de-AT', 'de'],
    ['zh-Hans-CN', 'zh'],
    ['es_MX', 'es'],
    ['EN-us', 'en'],
    ['ds', 'de'],
    ['fr-FR', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('matches %s to %s', (tag, language) => {
    expect(matchLanguage(tag)).toBe(language);
  });
});
