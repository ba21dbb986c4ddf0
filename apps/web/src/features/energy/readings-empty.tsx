import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { builtPathOfIndex } from '../../route-table';

/** What a statistics page shows while the network has no readings in the period: what to do about it. */
export function ReadingsEmpty() {
  const { t } = useTranslation();
  return (
    <Empty description={t('statistics.empty.description')} data-testid="energy-empty">
      <Link to={builtPathOfIndex('4-5') ?? '/'}>{t('statistics.empty.action')}</Link>
    </Empty>
  );
}
