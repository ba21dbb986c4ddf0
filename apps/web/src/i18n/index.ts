import { LANGUAGES, type Language, matchLanguage } from '@lightwell/domain';
import type { Locale } from 'antd/es/locale';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, StorageKeys, writeValue } from '../stores/storage';
import { type LanguagePack, languagePacks, NAMESPACES } from './resources';

/** True for one of the four interface languages. */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * Language at start (section 1): the stored language (the user's, written at login or on a choice),
 * else the browser language matched to en/zh/de/es, default en.
 */
export function initialLanguage(): Language {
  const stored = readString(StorageKeys.language);
  if (isLanguage(stored)) return stored;
  return matchLanguage(typeof navigator === 'undefined' ? undefined : navigator.language);
}

const loaded = new Map<Language, LanguagePack>();
const loading = new Map<Language, Promise<LanguagePack>>();

/** Fetches a language's catalogues and antd texts once; later calls answer the same pack. */
export function loadLanguagePack(language: Language): Promise<LanguagePack> {
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

/** Hands i18next each namespace from the language's pack, fetched on first use. */
const packBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    if (!isLanguage(language)) return callback(new Error(`no catalogue for ${language}`), false);
    loadLanguagePack(language).then(
      (pack) => callback(null, pack.catalogue[namespace as keyof LanguagePack['catalogue']]),
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
    ns: [...NAMESPACES],
    defaultNS: 'common',
    nsSeparator: '.',
    keySeparator: '.',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

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
