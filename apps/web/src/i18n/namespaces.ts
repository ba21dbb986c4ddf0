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

/**
 * Namespaces that only a few pages use (emergency lighting, report cycles, equipment statistics): each language's copy is a
 * chunk of its own, fetched with the pages whose modules name their keys (routes.tsx, `loadTexts`), not
 * with the language, so the other pages (the plan among them) do not carry them. An import rule
 * (import-rules.test.ts) keeps every such page loading them.
 */
export const DEFERRED_NAMESPACES = ['emergencyPages', 'equipment', 'reportCycles'] as const;

/** A namespace fetched with the pages that use it. */
export type DeferredNamespace = (typeof DEFERRED_NAMESPACES)[number];

/** A namespace fetched with its language. */
export type EagerNamespace = Exclude<Namespace, DeferredNamespace>;

/** One interface language: the web catalogues and antd's own texts (pagination, pickers, empty states). */
export interface LanguagePack {
  catalogue: Record<EagerNamespace, object>;
  antd: Locale;
  /** The language's deferred namespaces, fetched on first use. */
  deferred: () => Promise<Record<DeferredNamespace, object>>;
}

/** Catalogues in the same folder that belong to the server (e-mails, seeded names); the web does not load them. */
export const SERVER_NAMESPACES = ['mail', 'server'] as const;
