import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { lastTwelveMonths, type Period, yearOf, yearPeriod } from '../../../features/emergency/period';

/** "All", the last twelve months, or one of the last six calendar years, in the site's zone. */
export function PeriodSelect({
  timeZone,
  value,
  onChange,
}: {
  timeZone: string;
  value: number | 'all' | 'last';
  onChange: (value: number | 'all' | 'last', period: Period | null) => void;
}) {
  const { t } = useTranslation();
  const now = Math.floor(Date.now() / 1000);
  const thisYear = yearOf(now, timeZone);
  return (
    <Select<number | 'all' | 'last'>
      aria-label={t('emergencyPages.export.period')}
      data-testid="log-period"
      style={{ minWidth: 160 }}
      value={value}
      onChange={(next) =>
        onChange(
          next,
          next === 'all' ? null : next === 'last' ? lastTwelveMonths(now, timeZone) : yearPeriod(next, timeZone),
        )
      }
      options={[
        { value: 'all', label: t('emergencyPages.filters.all') },
        { value: 'last', label: t('emergencyPages.export.lastTwelve') },
        ...Array.from({ length: 6 }, (_, back) => ({ value: thisYear - back, label: String(thisYear - back) })),
      ]}
    />
  );
}
