import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Spinner shown while a page's code loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="lw-page-loading">
      <Spin aria-label={t('common.loading')} />
    </div>
  );
}
