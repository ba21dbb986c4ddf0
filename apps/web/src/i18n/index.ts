import { LANGUAGES, type Language, matchLanguage } from '@lightwell/domain';
import type { Locale } from 'antd/es/locale';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, StorageKeys, writeValue } from '../stores/storage';
import {
  DEFERRED_NAMESPACES,
  type DeferredNamespace,
  EAGER_NAMESPACES,
  type LanguagePack,
  languagePacks,
} from './resources';

/** True for one of the four interface languages. */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * Language at start (section 1): the stored language (the user's, written at login or on a choice),
 * else the browser language matched to en/zh/de/es, default en.
 */
function initialLanguage(): Language {
  const stored = readString(StorageKeys.language);
  if (isLanguage(stored)) return stored;
  return matchLanguage(typeof navigator === 'undefined' ? undefined : navigator.language);
}

const loaded = new Map<Language, LanguagePack>();
const loading = new Map<Language, Promise<LanguagePack>>();

/** Fetches a language's catalogues and antd texts once; later calls answer the same pack. */
function loadLanguagePack(language: Language): Promise<LanguagePack> {
  let pending = loading.get(language);
  if (!pending) {
    pending = languagePacks[language]().then((pack) => {
      loaded.set(language, pack);
      return pack;
    });
    loading.set(language, pending);
  }
  return pending;
}

/** antd's texts for a language whose pack has come (i18next switches only once it has). */
export function antdLocaleOf(language: Language): Locale | undefined {
  return loaded.get(language)?.antd;
}

const isDeferred = (namespace: string): namespace is DeferredNamespace =>
  (DEFERRED_NAMESPACES as readonly string[]).includes(namespace);

/** A namespace's catalogue in a language: from its pack, or the pack's deferred part for a deferred one. */
async function catalogueOf(language: Language, namespace: string): Promise<object | undefined> {
  const pack = await loadLanguagePack(language);
  if (isDeferred(namespace)) return (await pack.deferred())[namespace];
  return pack.catalogue[namespace as keyof LanguagePack['catalogue']];
}

/** Hands i18next each namespace from the language's pack, fetched on first use. */
const packBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    if (!isLanguage(language)) return callback(new Error(`no catalogue for ${language}`), false);
    catalogueOf(language, namespace).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The one i18next instance of the web app. Keys are `namespace.dotted.key`, e.g. `menu.settings.user`. */
export const i18n = i18next.createInstance();

/**
 * Settles when the start language has come; the app renders after it. Every language carries every
 * key (a test checks), so no fallback language is fetched besides the one shown.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(packBackend)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    // The deferred namespaces come with the pages that use them (`loadTexts`).
    ns: [...EAGER_NAMESPACES],
    defaultNS: 'common',
    nsSeparator: '.',
    keySeparator: '.',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * Fetches deferred namespaces (namespaces.ts) in the current language: a page whose modules name their
 * keys loads them with its code (routes.tsx). Later language changes fetch them too (i18next keeps them
 * in its list).
 */
export async function loadTexts(...namespaces: DeferredNamespace[]): Promise<void> {
  await i18nReady;
  await i18n.loadNamespaces(namespaces);
}

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.language);
i18n.on('languageChanged', syncDocumentLanguage);

/** Current interface language. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switches the interface language (once its texts have come) and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  writeValue(StorageKeys.language, language);
  await i18n.changeLanguage(language);
}
