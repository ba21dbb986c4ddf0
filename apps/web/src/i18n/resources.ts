import type { Language } from '@lightwell/domain';
import type { LanguagePack } from './namespaces';

export {
  DEFERRED_NAMESPACES,
  type DeferredNamespace,
  EAGER_NAMESPACES,
  type LanguagePack,
  NAMESPACES,
} from './namespaces';

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
