import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../locale/language.ts';
import de from '../locales/de/energy.json' with { type: 'json' };
import en from '../locales/en/energy.json' with { type: 'json' };
import es from '../locales/es/energy.json' with { type: 'json' };
import zh from '../locales/zh/energy.json' with { type: 'json' };
import { ENERGY_TEXT_KEYS } from './i18n-keys.ts';

const catalogues: Record<Language, object> = { en, zh, de, es };
const lookup = (catalogue: object, key: string): unknown =>
  key
    .split('.')
    .slice(1)
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      catalogue,
    );

describe('energy texts in every language', () => {
  it.each(LANGUAGES)('%s has a text for every source, assumption, cause, flag and no-reading reason', (language) => {
    const missing = ENERGY_TEXT_KEYS.filter((key) => typeof lookup(catalogues[language], key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('has no English text the rules do not use', () => {
    const flatten = (node: object, prefix: string): string[] =>
      Object.entries(node).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}.${key}`] : flatten(value as object, `${prefix}.${key}`),
      );
    expect(flatten(en, 'energy').sort()).toEqual([...ENERGY_TEXT_KEYS].sort());
  });
});
