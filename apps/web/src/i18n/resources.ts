import type { Language } from '@lightwell/domain';
import deAbout from '@lightwell/domain/locales/de/about.json';
import deAccount from '@lightwell/domain/locales/de/account.json';
import deCommon from '@lightwell/domain/locales/de/common.json';
import deErrors from '@lightwell/domain/locales/de/errors.json';
import deHome from '@lightwell/domain/locales/de/home.json';
import deMenu from '@lightwell/domain/locales/de/menu.json';
import dePages from '@lightwell/domain/locales/de/pages.json';
import deSettings from '@lightwell/domain/locales/de/settings.json';
import deValidation from '@lightwell/domain/locales/de/validation.json';
import enAbout from '@lightwell/domain/locales/en/about.json';
import enAccount from '@lightwell/domain/locales/en/account.json';
import enCommon from '@lightwell/domain/locales/en/common.json';
import enErrors from '@lightwell/domain/locales/en/errors.json';
import enHome from '@lightwell/domain/locales/en/home.json';
import enMenu from '@lightwell/domain/locales/en/menu.json';
import enPages from '@lightwell/domain/locales/en/pages.json';
import enSettings from '@lightwell/domain/locales/en/settings.json';
import enValidation from '@lightwell/domain/locales/en/validation.json';
import esAbout from '@lightwell/domain/locales/es/about.json';
import esAccount from '@lightwell/domain/locales/es/account.json';
import esCommon from '@lightwell/domain/locales/es/common.json';
import esErrors from '@lightwell/domain/locales/es/errors.json';
import esHome from '@lightwell/domain/locales/es/home.json';
import esMenu from '@lightwell/domain/locales/es/menu.json';
import esPages from '@lightwell/domain/locales/es/pages.json';
import esSettings from '@lightwell/domain/locales/es/settings.json';
import esValidation from '@lightwell/domain/locales/es/validation.json';
import zhAbout from '@lightwell/domain/locales/zh/about.json';
import zhAccount from '@lightwell/domain/locales/zh/account.json';
import zhCommon from '@lightwell/domain/locales/zh/common.json';
import zhErrors from '@lightwell/domain/locales/zh/errors.json';
import zhHome from '@lightwell/domain/locales/zh/home.json';
import zhMenu from '@lightwell/domain/locales/zh/menu.json';
import zhPages from '@lightwell/domain/locales/zh/pages.json';
import zhSettings from '@lightwell/domain/locales/zh/settings.json';
import zhValidation from '@lightwell/domain/locales/zh/validation.json';

/** Namespaces of the web catalogues, one JSON file per namespace and language (mail.json belongs to the server). */
export const NAMESPACES = [
  'about',
  'account',
  'common',
  'errors',
  'home',
  'menu',
  'pages',
  'settings',
  'validation',
] as const;

/** A web namespace. */
export type Namespace = (typeof NAMESPACES)[number];

/** Every web catalogue, imported statically so language switches need no request. */
export const resources: Record<Language, Record<Namespace, object>> = {
  en: {
    about: enAbout,
    account: enAccount,
    common: enCommon,
    errors: enErrors,
    home: enHome,
    menu: enMenu,
    pages: enPages,
    settings: enSettings,
    validation: enValidation,
  },
  zh: {
    about: zhAbout,
    account: zhAccount,
    common: zhCommon,
    errors: zhErrors,
    home: zhHome,
    menu: zhMenu,
    pages: zhPages,
    settings: zhSettings,
    validation: zhValidation,
  },
  de: {
    about: deAbout,
    account: deAccount,
    common: deCommon,
    errors: deErrors,
    home: deHome,
    menu: deMenu,
    pages: dePages,
    settings: deSettings,
    validation: deValidation,
  },
  es: {
    about: esAbout,
    account: esAccount,
    common: esCommon,
    errors: esErrors,
    home: esHome,
    menu: esMenu,
    pages: esPages,
    settings: esSettings,
    validation: esValidation,
  },
};

/** Catalogues in the same folder that belong to the server (e-mails, seeded names); the web does not load them. */
export const SERVER_NAMESPACES = ['mail', 'server'] as const;
