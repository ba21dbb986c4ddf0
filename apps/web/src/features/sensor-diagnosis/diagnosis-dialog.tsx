import { bucketCount, datePattern, localTimeZone, SensorDiagnosis } from '@lightwell/domain';
import { Button, DatePicker, Form, InputNumber, Radio, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useDiagnosisMutations, useDiagnosisSensorsQuery } from '../../api/sensor-diagnosis';
import { toast } from '../../app/feedback';
import { FormDialog } from '../../components/form-dialog';
import { useSession } from '../../stores/session';
import { durationText } from './diagnosis-format';

interface DiagnosisValues {
  start: Dayjs;
  end: Dayjs;
  interval: number;
  scope: 'all' | 'chosen';
  sensorIds?: number[];
}

/** The user's date format (section 3) with seconds, as antd's (dayjs) pattern: yyyy → YYYY, dd → DD. */
const pickerFormat = (timeFormat: number) =>
  `${datePattern(timeFormat).replace('yyyy', 'YYYY').replace('dd', 'DD')} HH:mm:ss`;

/** Ranges offered next to the end time (section 5: one hour by default). */
const RANGES = [60, 600, 3600, 4 * 3600];

/** A new task's values: from the next whole minute for the default hour, every minute, all sensors. */
function initialValues(): DiagnosisValues {
  const start = dayjs().add(1, 'minute').startOf('minute');
  return { start, end: start.add(SensorDiagnosis.defaultRangeSeconds, 'second'), interval: 60, scope: 'all' };
}

/**
 * Creates a sensor trigger diagnosis task (sections 2-5): start and end time (picked in the browser's time
 * zone, in the user's date format), interval 10 s to 1 hour, and all or chosen motion sensors.
 */
export function DiagnosisDialog({ nid, onClose }: { nid: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DiagnosisValues>();
  const { add } = useDiagnosisMutations();
  const timeFormat = useSession((state) => state.timeFormat);
  const options = useDiagnosisSensorsQuery(nid);
  const sensors = options.data ?? [];
  const scope = Form.useWatch('scope', form) ?? 'all';
  const format = pickerFormat(timeFormat);

  const handleSubmit = (values: DiagnosisValues) => {
    const payload = {
      nid,
      startTime: values.start.unix(),
      endTime: values.end.unix(),
      interval: values.interval,
      ...(values.scope === 'chosen' ? { sensorIds: values.sensorIds ?? [] } : {}),
    };
    add.mutate(payload, {
      onSuccess: () => {
        toast.saved(t('device.diagnosis.messages.added'));
        onClose();
      },
    });
  };

  const setRange = (seconds: number) => {
    const start = form.getFieldValue('start') as Dayjs | undefined;
    if (start) form.setFieldValue('end', start.add(seconds, 'second'));
    void form.validateFields(['end']);
  };

  const endRule = {
    validator: async (_: unknown, end: Dayjs | undefined) => {
      const start = form.getFieldValue('start') as Dayjs | undefined;
      const interval = form.getFieldValue('interval') as number | undefined;
      if (!start || !end) return;
      if (!end.isAfter(start)) throw new Error(t('device.diagnosis.form.endAfterStart'));
      if (interval && bucketCount(start.unix(), end.unix(), interval) > SensorDiagnosis.maxBuckets) {
        throw new Error(t('device.diagnosis.form.tooManyIntervals', { max: SensorDiagnosis.maxBuckets }));
      }
    },
  };

  return (
    <FormDialog
      form={form}
      width={640}
      title={t('device.diagnosis.form.title')}
      pending={add.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" name="diagnosis-form" initialValues={initialValues()} onFinish={handleSubmit}>
        <Form.Item
          name="start"
          label={t('device.diagnosis.form.start')}
          extra={t('device.diagnosis.form.zoneHelp', { zone: localTimeZone() })}
          rules={[{ required: true, message: t('device.diagnosis.form.startRequired') }]}
        >
          <DatePicker showTime format={format} allowClear={false} data-testid="diagnosis-start" />
        </Form.Item>
        <Form.Item label={t('device.diagnosis.form.end')} required>
          <Space wrap>
            <Form.Item
              name="end"
              noStyle
              dependencies={['start', 'interval']}
              rules={[{ required: true, message: t('device.diagnosis.form.endRequired') }, endRule]}
            >
              <DatePicker showTime format={format} allowClear={false} data-testid="diagnosis-end" />
            </Form.Item>
            {RANGES.map((seconds) => (
              <Button key={seconds} size="small" onClick={() => setRange(seconds)}>
                {t('device.diagnosis.form.rangeButton', { range: durationText(t, seconds) })}
              </Button>
            ))}
          </Space>
        </Form.Item>
        <Form.Item
          name="interval"
          label={t('device.diagnosis.form.interval')}
          extra={t('device.diagnosis.form.intervalHelp')}
          rules={[
            { required: true, message: t('device.diagnosis.form.intervalRequired') },
            {
              type: 'number',
              min: SensorDiagnosis.intervalMinSeconds,
              max: SensorDiagnosis.intervalMaxSeconds,
              message: t('device.diagnosis.form.intervalRange', {
                min: SensorDiagnosis.intervalMinSeconds,
                max: SensorDiagnosis.intervalMaxSeconds,
              }),
            },
          ]}
        >
          {/* No min or max here: the field would change an entry outside them without a word (section 5). */}
          <InputNumber precision={0} suffix={t('device.diagnosis.form.secondsSuffix')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="scope" label={t('device.diagnosis.form.sensors')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('device.diagnosis.form.allSensors', { count: sensors.length }) },
              { value: 'chosen', label: t('device.diagnosis.form.chosenSensors') },
            ]}
          />
        </Form.Item>
        {scope === 'chosen' && (
          <Form.Item
            name="sensorIds"
            label={t('device.diagnosis.form.chooseSensors')}
            rules={[{ required: true, type: 'array', min: 1, message: t('device.diagnosis.form.sensorsRequired') }]}
          >
            <Select
              mode="multiple"
              loading={options.isLoading}
              optionFilterProp="label"
              options={sensors.map((s) => ({ value: s.id, label: `${s.name} (${s.mac})` }))}
            />
          </Form.Item>
        )}
      </Form>
    </FormDialog>
  );
}
