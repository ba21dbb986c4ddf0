import type { EnergySpan } from '@lightwell/domain';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERIOD_SPANS, spanKey } from './spans';

/** Chooses the period of a statistics page among the spans of the contract ("Last 12 hours", "Today"…). */
export function PeriodPicker({ value, onChange }: { value: EnergySpan; onChange: (span: EnergySpan) => void }) {
  const { t } = useTranslation();
  return (
    <Select<EnergySpan>
      aria-label={t('statistics.period.label')}
      value={value}
      onChange={onChange}
      popupMatchSelectWidth={false}
      style={{ minWidth: 170 }}
      options={PERIOD_SPANS.map((span) => ({ value: span, label: t(spanKey(span)) }))}
      data-testid="period-picker"
    />
  );
}
