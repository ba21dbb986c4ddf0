import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { findRoute } from '../route-table';

/** Keeps the document title as `<page title> - Lightwell`, following route and language (section 2). */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = findRoute(pathname);
  const title = route ? `${t(route.titleKey)} - ${t('common.appName')}` : t('common.appName');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
