import { codeToLanguage, LANGUAGES, type Language } from '@lightwell/domain';
import deErrors from '@lightwell/domain/locales/de/errors.json' with { type: 'json' };
import deMail from '@lightwell/domain/locales/de/mail.json' with { type: 'json' };
import deServer from '@lightwell/domain/locales/de/server.json' with { type: 'json' };
import enErrors from '@lightwell/domain/locales/en/errors.json' with { type: 'json' };
import enMail from '@lightwell/domain/locales/en/mail.json' with { type: 'json' };
import enServer from '@lightwell/domain/locales/en/server.json' with { type: 'json' };
import esErrors from '@lightwell/domain/locales/es/errors.json' with { type: 'json' };
import esMail from '@lightwell/domain/locales/es/mail.json' with { type: 'json' };
import esServer from '@lightwell/domain/locales/es/server.json' with { type: 'json' };
import zhErrors from '@lightwell/domain/locales/zh/errors.json' with { type: 'json' };
import zhMail from '@lightwell/domain/locales/zh/mail.json' with { type: 'json' };
import zhServer from '@lightwell/domain/locales/zh/server.json' with { type: 'json' };
import i18next, { type TFunction } from 'i18next';

const resources = {
  en: { errors: enErrors, mail: enMail, server: enServer },
  zh: { errors: zhErrors, mail: zhMail, server: zhServer },
  de: { errors: deErrors, mail: deMail, server: deServer },
  es: { errors: esErrors, mail: esMail, server: esServer },
};

const instance = i18next.createInstance();
await instance.init({
  resources,
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en',
  ns: ['errors', 'mail', 'server'],
  defaultNS: 'server',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Translation function of the server's catalogues (e-mails, seeded names, refusals) for a language or its code. */
export function translator(language: Language | number): TFunction {
  return instance.getFixedT(typeof language === 'number' ? codeToLanguage(language) : language);
}

/** Whether a language (or English, the fallback) has a text for `key` (`ns:key` or a key of `server`). */
export function hasText(language: Language, key: string): boolean {
  return instance.exists(key, { lng: language });
}
