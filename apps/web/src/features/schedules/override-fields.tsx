import { OVERRIDE_ENDS, type OverrideEnd } from '@lightwell/domain';
import { Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

type Part = 'hours' | 'minutes' | 'seconds';
const PART_SECONDS: Record<Part, number> = { hours: 3600, minutes: 60, seconds: 1 };

/** Splits seconds into the given parts (the first part takes what is left over). */
export function splitSeconds(total: number, parts: readonly Part[]): Record<Part, number> {
  const out = { hours: 0, minutes: 0, seconds: 0 };
  let rest = total;
  for (const part of parts) {
    out[part] = Math.floor(rest / PART_SECONDS[part]);
    rest -= out[part] * PART_SECONDS[part];
  }
  return out;
}

interface SecondsInputProps {
  value?: number | null;
  onChange?: (value: number) => void;
  /** Hours, minutes and seconds for a duration; hours and minutes for a time of day. */
  parts: readonly Part[];
  testId: string;
}

/** A number of seconds entered as hours, minutes (and seconds): a duration or a time of day. */
function SecondsInput({ value, onChange, parts, testId }: SecondsInputProps) {
  const { t } = useTranslation();
  const current = splitSeconds(value ?? 0, parts);
  const timeOfDay = !parts.includes('seconds');
  const max: Record<Part, number> = { hours: timeOfDay ? 23 : 24, minutes: 59, seconds: 59 };
  const set = (part: Part, next: number | null) => {
    const merged = { ...current, [part]: next ?? 0 };
    onChange?.(parts.reduce((sum, p) => sum + merged[p] * PART_SECONDS[p], 0));
  };
  return (
    <Space.Compact data-testid={testId}>
      {parts.map((part) => (
        <InputNumber
          key={part}
          min={0}
          max={max[part]}
          precision={0}
          value={current[part]}
          aria-label={t(`schedule.form.parts.${part}`)}
          suffix={t(`schedule.form.partUnits.${part}`)}
          style={{ width: 96 }}
          onChange={(next) => set(part, next)}
        />
      ))}
    </Space.Compact>
  );
}

const DURATION_PARTS = ['hours', 'minutes', 'seconds'] as const;
const TIME_PARTS = ['hours', 'minutes'] as const;

/** Whether a mode's value is a duration (1 s to 24 h); specific time is a time of day; never has none. */
const isDuration = (mode: OverrideEnd) => mode !== 'never' && mode !== 'specificTime';

/**
 * How a manual override of the schedule ends (section 4): never (at the schedule's next event), after a
 * countdown, hold or standby time entered as a duration, or at a time of day.
 */
export function OverrideFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const overrideEnd: OverrideEnd = Form.useWatch('overrideEnd', form) ?? 'never';
  return (
    <Space wrap align="start">
      <Form.Item
        name="overrideEnd"
        label={t('schedule.form.overrideEnd')}
        extra={t(`schedule.overrideHelp.${overrideEnd}`)}
      >
        <Select
          style={{ width: 180 }}
          options={OVERRIDE_ENDS.map((value) => ({ value, label: t(`schedule.override.${value}`) }))}
          onChange={(mode: OverrideEnd) =>
            form.setFieldValue('overrideValue', mode === 'never' ? null : mode === 'specificTime' ? 0 : 900)
          }
        />
      </Form.Item>
      {isDuration(overrideEnd) && (
        <Form.Item
          name="overrideValue"
          label={t('schedule.form.overrideDuration')}
          rules={[
            {
              validator: (_, value: number | null) =>
                value !== null && value >= 1 && value <= 86_400
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('schedule.form.overrideDurationRange'))),
            },
          ]}
        >
          <SecondsInput parts={DURATION_PARTS} testId="schedule-override-duration" />
        </Form.Item>
      )}
      {overrideEnd === 'specificTime' && (
        <Form.Item name="overrideValue" label={t('schedule.form.overrideTime')}>
          <SecondsInput parts={TIME_PARTS} testId="schedule-override-time" />
        </Form.Item>
      )}
    </Space>
  );
}
