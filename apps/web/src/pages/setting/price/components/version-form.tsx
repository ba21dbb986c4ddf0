import { CURRENCIES, type Currency, datePattern, type EnergyBase } from '@lightwell/domain';
import { Button, Card, Checkbox, DatePicker, type DatePickerProps, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../stores/session';
import { BAND_TIMES, clockTime, toVersionAdd, type VersionValues } from '../tariff-form';
import { useWeekdayName } from './tariff-table';
import { WorkedExampleLines } from './worked-example';

type PickedDate = Exclude<Parameters<NonNullable<DatePickerProps['onChange']>>[0], unknown[]>;
interface FormValues extends Omit<VersionValues, 'validFrom'> {
  validFrom: PickedDate;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const price = { min: 0, max: 1_000_000, step: 0.01, precision: 2, style: { width: 160 } };

/** A date-fns date pattern as antd's (dayjs) format: yyyy → YYYY, dd → DD. */
const pickerFormat = (timeFormat: number) => datePattern(timeFormat).replace('yyyy', 'YYYY').replace('dd', 'DD');

/**
 * Adds a tariff version: from a date (today or later, in the network zone), price per kWh, currency, optional
 * standing charge per day and time-of-use bands, with worked examples of what 1 kWh costs.
 */
export function VersionForm({
  base,
  saving,
  onAdd,
}: {
  base: EnergyBase;
  saving: boolean;
  onAdd: (version: ReturnType<typeof toVersionAdd>) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const timeFormat = useSession((state) => state.timeFormat);
  const weekday = useWeekdayName();
  const [form] = Form.useForm<FormValues>();
  const watched = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const toValues = (values: Partial<FormValues>): VersionValues | null =>
    values.validFrom && typeof values.price === 'number'
      ? {
          ...(values as FormValues),
          validFrom: values.validFrom.format('YYYY-MM-DD'),
        }
      : null;
  const preview = watched ? toValues(watched) : null;

  const handleFinish = async (values: FormValues) => {
    const ready = toValues(values);
    if (ready && (await onAdd(toVersionAdd(ready)))) form.resetFields();
  };

  const timeOptions = (from: boolean) =>
    BAND_TIMES.filter((s) => (from ? s < 86_400 : s > 0)).map((s) => ({ value: s, label: clockTime(s) }));

  return (
    <Card title={t('settings.price.addTitle')}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ currency: base.currency as Currency, bands: [] }}
        onFinish={handleFinish}
        data-testid="version-form"
      >
        <Space wrap align="start">
          <Form.Item
            name="validFrom"
            label={t('settings.price.validFrom')}
            extra={t('settings.price.validFromHelp', { zone: base.timeZone })}
            rules={[{ required: true, message: t('settings.price.validFromRequired') }]}
          >
            <DatePicker
              format={pickerFormat(timeFormat)}
              disabledDate={(day) => day.format('YYYY-MM-DD') < base.today}
              data-testid="version-valid-from"
            />
          </Form.Item>
          <Form.Item
            name="price"
            label={t('settings.price.pricePerKWh')}
            rules={[{ required: true, message: t('settings.price.priceRequired') }]}
          >
            <InputNumber {...price} data-testid="version-price" />
          </Form.Item>
          <Form.Item name="currency" label={t('settings.price.currency')} rules={[{ required: true }]}>
            <Select style={{ width: 110 }} options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item name="standingCharge" label={t('settings.price.standingCharge')}>
            <InputNumber {...price} data-testid="version-standing" />
          </Form.Item>
        </Space>
        <Form.List name="bands">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} wrap align="start" data-testid="band-row">
                  <Form.Item
                    name={[field.name, 'weekdays']}
                    label={t('settings.price.band.weekdays')}
                    rules={[{ required: true, message: t('settings.price.band.weekdaysRequired') }]}
                  >
                    <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: weekday(d) }))} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'from']}
                    label={t('settings.price.band.from')}
                    rules={[{ required: true }]}
                  >
                    <Select style={{ width: 100 }} options={timeOptions(true)} data-testid="band-from" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'to']} label={t('settings.price.band.to')} rules={[{ required: true }]}>
                    <Select style={{ width: 100 }} options={timeOptions(false)} data-testid="band-to" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'price']}
                    label={t('settings.price.band.price')}
                    rules={[{ required: true, message: t('settings.price.priceRequired') }]}
                  >
                    <InputNumber {...price} data-testid="band-price" />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button onClick={() => remove(field.name)}>{t('settings.price.band.remove')}</Button>
                  </Form.Item>
                </Space>
              ))}
              <Form.Item extra={t('settings.price.band.help')}>
                <Button
                  onClick={() => add({ weekdays: [1, 2, 3, 4, 5], from: 7 * 3600, to: 19 * 3600 })}
                  data-testid="band-add"
                >
                  {t('settings.price.band.add')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
        {preview && <WorkedExampleLines version={toVersionAdd(preview)} timeZone={base.timeZone} />}
        <Button type="primary" htmlType="submit" loading={saving} data-testid="version-add">
          {t('settings.price.add')}
        </Button>
      </Form>
    </Card>
  );
}
