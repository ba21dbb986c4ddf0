import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Code, LANGUAGES } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { AGREEMENT_SECTIONS } from '../pages/user-agreement';
import { RELEASES } from '../pages/version/log';
import { appRoutes, menuGroups } from '../route-table';
import { DEFERRED_NAMESPACES, languagePacks, NAMESPACES } from './resources';

/** Catalogues in the same folder that belong to the server (e-mails, seeded names); the web does not load them. */
const SERVER_NAMESPACES: readonly string[] = ['mail', 'server'];

type Catalogue = { [key: string]: string | Catalogue };

const localesDir = join(import.meta.dirname, '../../../../packages/domain/src/locales');
const srcDir = join(import.meta.dirname, '..');

const namespaceFiles = (language: string) =>
  readdirSync(join(localesDir, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

const load = (language: string, ns: string): Catalogue =>
  JSON.parse(readFileSync(join(localesDir, language, `${ns}.json`), 'utf8')) as Catalogue;

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
const english = new Map(namespaceFiles('en').flatMap((ns) => [...flatten(load('en', ns), `${ns}.`)]));
const others = LANGUAGES.filter((language) => language !== 'en');

describe('locale catalogues (en, zh, de, es)', () => {
  it('has the same namespace files in every language', () => {
    for (const language of others) expect(namespaceFiles(language), language).toEqual(namespaceFiles('en'));
  });

  it.each(others)('%s has exactly the keys of en, with the same placeholders', (language) => {
    for (const ns of namespaceFiles('en')) {
      const en = flatten(load('en', ns));
      const translated = flatten(load(language, ns));
      const missing = [...en.keys()].filter((key) => !translated.has(key));
      const extra = [...translated.keys()].filter((key) => !en.has(key));
      expect({ ns, missing, extra }).toEqual({ ns, missing: [], extra: [] });
      for (const [key, text] of en) {
        expect(placeholders(translated.get(key) ?? ''), `${language} ${ns}.${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('translates every web text instead of copying the English one', () => {
    const sameEverywhere = new Set(['common.appName', 'common.footer.copyright']);
    // Words German shares with English.
    const sameInGerman = new Set([
      'menu.remote.plan',
      'menu.remote.gateway',
      'pages.screen',
      'settings.email.steps.code',
      'home.projects.name',
      'about.versionLog.version',
    ]);
    // Unit symbols (SI) and joins made only of punctuation and placeholders read the same in every language.
    const sameByDesign = (key: string) =>
      ['common.units.', 'common.format.', 'schedule.form.partUnits.', 'schedule.sentence.join.'].some((prefix) =>
        key.startsWith(prefix),
      );
    for (const language of others) {
      for (const ns of NAMESPACES) {
        for (const [key, text] of flatten(load(language, ns), `${ns}.`)) {
          if (sameEverywhere.has(key) || sameByDesign(key) || (language === 'de' && sameInGerman.has(key))) continue;
          expect(text, `${language} ${key}`).not.toBe(english.get(key));
        }
      }
    }
  });

  it('loads every web namespace file, and only those, into i18next (the deferred ones apart)', async () => {
    const webFiles = namespaceFiles('en').filter((ns) => !SERVER_NAMESPACES.includes(ns));
    expect([...NAMESPACES].sort()).toEqual(webFiles);
    for (const language of LANGUAGES) {
      const pack = await languagePacks[language]();
      const deferred = await pack.deferred();
      expect(Object.keys(deferred).sort(), language).toEqual([...DEFERRED_NAMESPACES].sort());
      const catalogue: Record<string, object> = { ...pack.catalogue, ...deferred };
      expect(Object.keys(pack.catalogue).length + Object.keys(deferred).length, language).toBe(webFiles.length);
      expect(Object.keys(catalogue).sort(), language).toEqual(webFiles);
      for (const ns of webFiles) expect(catalogue[ns], ns).toEqual(load(language, ns));
    }
  });
});

describe('keys used by the web app', () => {
  it('has a title for every route and menu section', () => {
    const keys = [...appRoutes.map((route) => route.titleKey), ...menuGroups.map((group) => group.titleKey)];
    expect(keys.filter((key) => !english.has(key))).toEqual([]);
  });

  it('has a message for every result code', () => {
    const missing = Object.values(Code).filter((code) => code !== Code.ok && !english.has(`errors.${code}`));
    expect(missing).toEqual([]);
    expect(english.has('errors.generic') && english.has('errors.network')).toBe(true);
  });

  it('has every key written literally in the source', () => {
    const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes('.test.'),
    );
    const used = files.flatMap((file) =>
      [...readFileSync(join(srcDir, file), 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)].map((match) => match[1]),
    );
    expect(used.length).toBeGreaterThan(50);
    // A key used with `count` resolves through its plural forms (key_one, key_other).
    const known = (key: string) => english.has(key) || english.has(`${key}_other`);
    expect([...new Set(used)].filter((key) => key && !known(key))).toEqual([]);
  });

  it('has the keys built from lists: agreement sections, release notes, time formats', () => {
    const keys = [
      ...AGREEMENT_SECTIONS.flatMap((s) => [
        `about.agreement.sections.${s}.heading`,
        `about.agreement.sections.${s}.body`,
      ]),
      ...RELEASES.flatMap((release) => [
        `about.versionLog.releases.${release.key}.summary`,
        ...release.notes.map((note) => `about.versionLog.releases.${release.key}.notes.${note}`),
      ]),
      ...[0, 1, 2].map((format) => `settings.timeFormat.options.${format}`),
      'validation.confirm.password',
      'validation.confirm.email',
    ];
    expect(keys.filter((key) => !english.has(key))).toEqual([]);
  });
});
