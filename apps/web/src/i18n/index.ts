import { LANGUAGES, type Language, matchLanguage } from '@lightwell/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, StorageKeys, writeValue } from '../stores/storage';
import { NAMESPACES, resources } from './resources';

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

/** The one i18next instance of the web app. Keys are `namespace.dotted.key`, e.g. `menu.settings.user`. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  nsSeparator: '.',
  keySeparator: '.',
  interpolation: { escapeValue: false },
  initAsync: false,
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

/** Switches the interface language and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  writeValue(StorageKeys.language, language);
  await i18n.changeLanguage(language);
}
