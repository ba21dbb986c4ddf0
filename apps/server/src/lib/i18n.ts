import { codeToLanguage, LANGUAGES, type Language } from '@lightwell/domain';
import deMail from '@lightwell/domain/locales/de/mail.json' with { type: 'json' };
import deServer from '@lightwell/domain/locales/de/server.json' with { type: 'json' };
import enMail from '@lightwell/domain/locales/en/mail.json' with { type: 'json' };
import enServer from '@lightwell/domain/locales/en/server.json' with { type: 'json' };
import esMail from '@lightwell/domain/locales/es/mail.json' with { type: 'json' };
import esServer from '@lightwell/domain/locales/es/server.json' with { type: 'json' };
import zhMail from '@lightwell/domain/locales/zh/mail.json' with { type: 'json' };
import zhServer from '@lightwell/domain/locales/zh/server.json' with { type: 'json' };
import i18next, { type TFunction } from 'i18next';

const resources = {
  en: { mail: enMail, server: enServer },
  zh: { mail: zhMail, server: zhServer },
  de: { mail: deMail, server: deServer },
  es: { mail: esMail, server: esServer },
};

const instance = i18next.createInstance();
await instance.init({
  resources,
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en',
  ns: ['mail', 'server'],
  defaultNS: 'server',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Translation function of the server's catalogues (e-mails, seeded names) for a language or its code. */
export function translator(language: Language | number): TFunction {
  return instance.getFixedT(typeof language === 'number' ? codeToLanguage(language) : language);
}
