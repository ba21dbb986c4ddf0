import type { Language } from '@lightwell/domain';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '.';

/** The current interface language; components using it re-render when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
