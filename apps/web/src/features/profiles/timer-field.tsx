import {
  DURATION_UNIT_SECONDS,
  type DurationUnit,
  durationOfRaw,
  encodeProcessTimer,
  type ProcessKind,
  processTimerText,
} from '@lightwell/domain';
import { InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const UNITS: DurationUnit[] = ['s', 'min', 'h'];

/**
 * One process timer edited as a duration (amount and unit). The raw value of section 4 nearest to the
 * typed duration is what the form holds, and its decoded display shows beside the input (raw 116 on
 * fade on and fade off shows 60s; 1h5min style from an hour). The input snaps to the stored duration
 * when it loses focus.
 */
export function TimerField({
  kind,
  value = 0,
  onChange,
  disabled = false,
}: {
  kind: ProcessKind;
  value?: number;
  onChange?: (raw: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<{ amount: number | null; unit: DurationUnit; raw: number } | null>(null);
  // The typed text stays while it still stands for the stored raw value; otherwise the raw value is shown.
  const shown = typed && typed.raw === value ? typed : { ...durationOfRaw(value), raw: value };

  const handleChange = (amount: number | null, unit: DurationUnit) => {
    const raw = encodeProcessTimer((amount ?? 0) * DURATION_UNIT_SECONDS[unit]);
    setTyped({ amount, unit, raw });
    onChange?.(raw);
  };

  return (
    <Space wrap>
      <Space.Compact>
        <InputNumber
          min={0}
          value={shown.amount}
          disabled={disabled}
          aria-label={t(`profile.timers.${kind}`)}
          data-testid={`timer-amount-${kind}`}
          onChange={(amount) => handleChange(typeof amount === 'number' ? amount : null, shown.unit)}
          onBlur={() => setTyped(null)}
          style={{ width: 120 }}
        />
        <Select<DurationUnit>
          value={shown.unit}
          disabled={disabled}
          aria-label={t('profile.timers.unit', { timer: t(`profile.timers.${kind}`) })}
          data-testid={`timer-unit-${kind}`}
          onChange={(unit) => handleChange(shown.amount, unit)}
          options={UNITS.map((unit) => ({ value: unit, label: t(`profile.units.${unit}`) }))}
          style={{ width: 90 }}
        />
      </Space.Compact>
      <Tag color="blue" data-testid={`timer-display-${kind}`}>
        {processTimerText(kind, value)}
      </Tag>
      <Typography.Text type="secondary" data-testid={`timer-raw-${kind}`}>
        {t('profile.timers.raw', { raw: value })}
      </Typography.Text>
    </Space>
  );
}
