import { cataloguesOf, DEFERRED_NAMESPACES, type DeferredNamespace } from '../../namespaces';

/** The deferred namespaces of this language (namespaces.ts), fetched with the pages that use them. */
export const catalogue: Record<DeferredNamespace, object> = cataloguesOf(
  DEFERRED_NAMESPACES,
  import.meta.glob<object>('./{emergencyPages,equipment,reportCycles}.json', {
    base: '../../../../../../packages/domain/src/locales/zh',
    eager: true,
    import: 'default',
  }),
);
