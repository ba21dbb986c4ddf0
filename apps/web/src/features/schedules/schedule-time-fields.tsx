import { weekdaysFrom } from '@lightwell/domain';
import { Alert, Checkbox, Form, InputNumber, Select, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';
import { encodedFields, type ScheduleValues } from './schedule-values';
import { useScheduleSentence } from './use-schedule-sentence';

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);

/**
 * Month and weekday names in the interface language (Intl), months 1-12 and ISO weekdays 1-7; the week
 * starts on the user's first day of the week.
 */
function useCalendarNames() {
  const { i18n } = useTranslation();
  const weekStart = useSession((state) => state.weekStart);
  return useMemo(() => {
    const month = new Intl.DateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' });
    return {
      months: range(12, 1).map((m) => ({ value: m, label: month.format(Date.UTC(2026, m - 1, 1)) })),
      // 5 January 2026 is a Monday.
      weekdays: weekdaysFrom(weekStart).map((d) => ({ value: d, label: weekday.format(Date.UTC(2026, 0, 4 + d)) })),
    };
  }, [i18n.language, weekStart]);
}

/**
 * Date and time of a schedule (section 3): year, months, day, weekdays and, for schedules, hour, minute
 * and second with their special choices; reads them back as a sentence, with the encoded fields they
 * will be stored as one click away (installers compare them with a gateway's registers).
 */
export function ScheduleTimeFields({ kind }: { kind: ScheduleValues['kind'] }) {
  const { t } = useTranslation();
  const names = useCalendarNames();
  const sentence = useScheduleSentence();
  const form = Form.useFormInstance<ScheduleValues>();
  const watched = Form.useWatch([], form) as ScheduleValues | undefined;
  const thisYear = new Date().getFullYear();
  const special = (keys: string[]) => keys.map((key) => ({ value: key, label: t(`schedule.choices.${key}`) }));
  const numbers = (n: number) => range(n).map((value) => ({ value, label: String(value).padStart(2, '0') }));
  const encoded = watched?.months ? encodedFields(watched) : null;

  return (
    <>
      <Space wrap align="start">
        <Form.Item name="year" label={t('schedule.form.year')}>
          <Select
            style={{ width: 140 }}
            virtual={false}
            options={[
              { value: 'every', label: t('schedule.form.everyYear') },
              ...range(11, thisYear).map((y) => ({ value: y, label: String(y) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="day" label={t('schedule.form.day')}>
          <Select
            style={{ width: 120 }}
            virtual={false}
            options={[
              { value: 0, label: t('schedule.form.anyDay') },
              ...range(31, 1).map((d) => ({ value: d, label: String(d) })),
            ]}
          />
        </Form.Item>
      </Space>
      <Form.Item
        name="months"
        label={t('schedule.form.months')}
        rules={[{ type: 'array', min: 1, message: t('schedule.form.monthsRequired') }]}
      >
        <Checkbox.Group options={names.months} />
      </Form.Item>
      <Form.Item
        name="weekdays"
        label={t('schedule.form.weekdays')}
        rules={[{ type: 'array', min: 1, message: t('schedule.form.weekdaysRequired') }]}
      >
        <Checkbox.Group options={names.weekdays} />
      </Form.Item>
      {kind === 'schedule' ? (
        <Space wrap align="start">
          <Form.Item name="hour" label={t('schedule.form.hour')}>
            <Select
              style={{ width: 110 }}
              virtual={false}
              options={[...numbers(24), ...special(['every', 'random'])]}
            />
          </Form.Item>
          {(['minute', 'second'] as const).map((field) => (
            <Form.Item key={field} name={field} label={t(`schedule.form.${field}`)}>
              <Select
                style={{ width: 110 }}
                virtual={false}
                options={[...numbers(60), ...special(['every', 'every15', 'every20', 'random'])]}
              />
            </Form.Item>
          ))}
        </Space>
      ) : (
        <Space wrap align="start">
          <Form.Item name="astroEvent" label={t('schedule.form.astroEvent')}>
            <Select
              style={{ width: 140 }}
              options={['sunrise', 'sunset'].map((value) => ({ value, label: t(`schedule.astro.${value}`) }))}
            />
          </Form.Item>
          <Form.Item name="astroShift" label={t('schedule.form.astroShift')}>
            <InputNumber min={-180} max={180} />
          </Form.Item>
        </Space>
      )}
      {encoded && (
        <>
          <Alert
            type="info"
            data-testid="schedule-sentence"
            title={sentence({
              kind,
              ...encoded,
              astroEvent: watched?.astroEvent ?? null,
              astroShift: watched?.astroShift ?? 0,
            })}
          />
          <details>
            <summary>
              <Typography.Text type="secondary">{t('schedule.form.encoded')}</Typography.Text>
            </summary>
            <Typography.Text type="secondary" code data-testid="schedule-encoded">
              {t('schedule.encoded', kind === 'astro' ? { ...encoded, hour: 0, minute: 0, second: 0 } : encoded)}
            </Typography.Text>
          </details>
        </>
      )}
    </>
  );
}
