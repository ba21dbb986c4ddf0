import { useTranslation } from 'react-i18next';

/**
 * Spinner shown while a page's code loads. Plain markup drawn like antd's Spin, so the first paint
 * (before any page, public or console) needs none of antd's code.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="lw-page-loading">
      <span className="lw-spinner" role="status" aria-label={t('common.loading')} />
    </div>
  );
}
