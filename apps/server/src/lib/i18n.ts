import { codeToLanguage, LANGUAGES, type Language } from '@lightwell/domain';
import deDevice from '@lightwell/domain/locales/de/device.json' with { type: 'json' };
import deEnergy from '@lightwell/domain/locales/de/energy.json' with { type: 'json' };
import deEquipment from '@lightwell/domain/locales/de/equipment.json' with { type: 'json' };
import deErrors from '@lightwell/domain/locales/de/errors.json' with { type: 'json' };
import deMail from '@lightwell/domain/locales/de/mail.json' with { type: 'json' };
import deServer from '@lightwell/domain/locales/de/server.json' with { type: 'json' };
import enDevice from '@lightwell/domain/locales/en/device.json' with { type: 'json' };
import enEnergy from '@lightwell/domain/locales/en/energy.json' with { type: 'json' };
import enEquipment from '@lightwell/domain/locales/en/equipment.json' with { type: 'json' };
import enErrors from '@lightwell/domain/locales/en/errors.json' with { type: 'json' };
import enMail from '@lightwell/domain/locales/en/mail.json' with { type: 'json' };
import enServer from '@lightwell/domain/locales/en/server.json' with { type: 'json' };
import esDevice from '@lightwell/domain/locales/es/device.json' with { type: 'json' };
import esEnergy from '@lightwell/domain/locales/es/energy.json' with { type: 'json' };
import esEquipment from '@lightwell/domain/locales/es/equipment.json' with { type: 'json' };
import esErrors from '@lightwell/domain/locales/es/errors.json' with { type: 'json' };
import esMail from '@lightwell/domain/locales/es/mail.json' with { type: 'json' };
import esServer from '@lightwell/domain/locales/es/server.json' with { type: 'json' };
import zhDevice from '@lightwell/domain/locales/zh/device.json' with { type: 'json' };
import zhEnergy from '@lightwell/domain/locales/zh/energy.json' with { type: 'json' };
import zhEquipment from '@lightwell/domain/locales/zh/equipment.json' with { type: 'json' };
import zhErrors from '@lightwell/domain/locales/zh/errors.json' with { type: 'json' };
import zhMail from '@lightwell/domain/locales/zh/mail.json' with { type: 'json' };
import zhServer from '@lightwell/domain/locales/zh/server.json' with { type: 'json' };
import i18next, { type TFunction } from 'i18next';

const resources = {
  en: { energy: enEnergy, errors: enErrors, mail: enMail, server: enServer, device: enDevice, equipment: enEquipment },
  zh: { energy: zhEnergy, errors: zhErrors, mail: zhMail, server: zhServer, device: zhDevice, equipment: zhEquipment },
  de: { energy: deEnergy, errors: deErrors, mail: deMail, server: deServer, device: deDevice, equipment: deEquipment },
  es: { energy: esEnergy, errors: esErrors, mail: esMail, server: esServer, device: esDevice, equipment: esEquipment },
};

const instance = i18next.createInstance();
await instance.init({
  resources,
  supportedLngs: [...LANGUAGES],
  fallbackLng: 'en',
  ns: ['energy', 'errors', 'mail', 'server', 'device', 'equipment'],
  defaultNS: 'server',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * Translation function of the server's catalogues (e-mails, seeded names, refusals), and of the device and
 * equipment catalogues the exported statistics share with the web page, for a language or its code.
 */
export function translator(language: Language | number): TFunction {
  return instance.getFixedT(typeof language === 'number' ? codeToLanguage(language) : language);
}

/** Whether a language (or English, the fallback) has a text for `key` (`ns:key` or a key of `server`). */
export function hasText(language: Language, key: string): boolean {
  return instance.exists(key, { lng: language });
}
