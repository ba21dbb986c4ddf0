// The language modules glob their catalogue folders: Vite's `import.meta.glob` type, also for the
// programs that compile them without Vite's types (bench/floor-plan).
/// <reference types="vite/client" />
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
type Namespace = (typeof NAMESPACES)[number];

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
type EagerNamespace = Exclude<Namespace, DeferredNamespace>;

/** The namespaces fetched with their language. */
export const EAGER_NAMESPACES = NAMESPACES.filter(
  (namespace): namespace is EagerNamespace => !(DEFERRED_NAMESPACES as readonly string[]).includes(namespace),
);

/**
 * Picks `namespaces` from one language folder's catalogues as `import.meta.glob` hands them (file path →
 * JSON): a language module globs its folder, and a namespace without its file fails when the language loads.
 */
export function cataloguesOf<N extends Namespace>(
  namespaces: readonly N[],
  files: Record<string, object>,
): Record<N, object> {
  const byName = new Map(Object.entries(files).map(([path, json]) => [path.replace(/^.*\/|\.json$/g, ''), json]));
  const picked = namespaces.map((namespace) => {
    const json = byName.get(namespace);
    if (!json) throw new Error(`no ${namespace}.json among ${[...byName.keys()].join(', ')}`);
    return [namespace, json] as const;
  });
  return Object.fromEntries(picked) as Record<N, object>;
}

/** One interface language: the web catalogues and antd's own texts (pagination, pickers, empty states). */
export interface LanguagePack {
  catalogue: Record<EagerNamespace, object>;
  antd: Locale;
  /** The language's deferred namespaces, fetched on first use. */
  deferred: () => Promise<Record<DeferredNamespace, object>>;
}
