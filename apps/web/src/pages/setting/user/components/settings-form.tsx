import { LANGUAGE_LABELS, LANGUAGES, Limits, type TimeFormat, weekdaysFrom } from '@lightwell/domain';
import { Button, Card, Form, type FormInstance, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettingsValues } from '../use-settings-form';

const TIME_FORMATS: TimeFormat[] = [0, 1, 2];

/** Weekday names (ISO 1 Monday … 7 Sunday) in the interface language. */
function weekdayName(language: string, isoDay: number): string {
  // 2026-01-05 is a Monday.
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 4 + isoDay));
}

/** Language, time format (with a live example), first day of the week and page size. */
export function SettingsForm({
  form,
  initialValues,
  saving,
  formatExample,
  onSave,
}: {
  form: FormInstance<SettingsValues>;
  initialValues: SettingsValues;
  saving: boolean;
  formatExample: (timeFormat: number) => string;
  onSave: (values: SettingsValues) => void;
}) {
  const { t, i18n } = useTranslation();
  const timeFormat = Form.useWatch('timeFormat', form) ?? initialValues.timeFormat;
  return (
    <Card title={t('settings.title')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onSave}
        name="settings"
        className="lw-form-narrow"
      >
        <Form.Item name="language" label={t('settings.language.label')}>
          <Select options={LANGUAGES.map((language, code) => ({ value: code, label: LANGUAGE_LABELS[language] }))} />
        </Form.Item>
        <Form.Item
          name="timeFormat"
          label={t('settings.timeFormat.label')}
          extra={
            <span data-testid="time-format-example">
              {t('settings.timeFormat.example')} <Typography.Text code>{formatExample(timeFormat)}</Typography.Text>
            </span>
          }
        >
          <Select
            options={TIME_FORMATS.map((value) => ({ value, label: t(`settings.timeFormat.options.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="weekStart" label={t('settings.weekStart.label')}>
          <Select
            data-testid="week-start"
            options={weekdaysFrom(1).map((day) => ({ value: day, label: weekdayName(i18n.language, day) }))}
          />
        </Form.Item>
        <Form.Item name="pageNumber" label={t('settings.pageSize.label')}>
          <Select
            options={Limits.pageSizes.map((size) => ({
              value: size,
              label: t('settings.pageSize.option', { count: size }),
            }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
