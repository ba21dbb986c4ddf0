import enUS from 'antd/es/locale/en_US';
import { cataloguesOf, EAGER_NAMESPACES, type LanguagePack } from '../namespaces';

/** English: the web catalogues (the deferred ones in deferred/, on first use) and antd's own texts, fetched only when this language is used. */
export const pack: LanguagePack = {
  antd: enUS,
  deferred: async () => (await import('./deferred/en')).catalogue,
  // The folder's catalogues but the deferred ones and the server's: those stay out of this chunk.
  catalogue: cataloguesOf(
    EAGER_NAMESPACES,
    import.meta.glob<object>(['./*.json', '!./{emergencyPages,equipment,reportCycles,mail,server}.json'], {
      base: '../../../../../packages/domain/src/locales/en',
      eager: true,
      import: 'default',
    }),
  ),
};
