import type { Locale } from 'antd/es/locale';

/** Namespaces of the web catalogues, one JSON file per namespace and language (mail.json belongs to the server). */
export const NAMESPACES = [
  'about',
  'account',
  'common',
  'control',
  'device',
  'emergencyPages',
  'energy',
  'equipment',
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
  'reportCycles',
  'scene',
  'schedule',
  'settings',
  'share',
  'statistics',
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

/** Catalogues in the same folder that belong to the server (e-mails, seeded names); the web does not load them. */
export const SERVER_NAMESPACES = ['mail', 'server'] as const;
