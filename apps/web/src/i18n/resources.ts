import type { Language } from '@lightwell/domain';
import type { Locale } from 'antd/es/locale';

/** Namespaces of the web catalogues, one JSON file per namespace and language (mail.json belongs to the server). */
export const NAMESPACES = [
  'about',
  'account',
  'common',
  'control',
  'device',
  'errors',
  'floorPlan',
  'gateway',
  'group',
  'home',
  'menu',
  'network',
  'pages',
  'profile',
  'project',
  'scene',
  'schedule',
  'settings',
  'share',
  'validation',
  'zone',
] as const;

/** A web namespace. */
export type Namespace = (typeof NAMESPACES)[number];

/** One interface language: the web catalogues and antd's own texts (pagination, pickers, empty states). */
export interface LanguagePack {
  catalogue: Record<Namespace, object>;
  antd: Locale;
}

/**
 * Each language is a chunk of its own, fetched when it is first used: a page carries the one
 * language it shows, not all four (section 1 languages; the start waits for the first one).
 */
export const languagePacks: Record<Language, () => Promise<LanguagePack>> = {
  en: async () => (await import('./languages/en')).pack,
  zh: async () => (await import('./languages/zh')).pack,
  de: async () => (await import('./languages/de')).pack,
  es: async () => (await import('./languages/es')).pack,
};

/** Catalogues in the same folder that belong to the server (e-mails, seeded names); the web does not load them. */
export const SERVER_NAMESPACES = ['mail', 'server'] as const;
