import type { NetworkLocation } from '@lightwell/domain';
import { Alert, Button, Form, InputNumber, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useScheduleMutations } from '../../api/schedule';
import { toast } from '../../app/feedback';

/** IANA time zones the browser knows, for the network's time zone. */
function useTimeZones(current: string) {
  return useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const all = zones.includes(current) ? zones : [current, ...zones];
    return (all.includes('UTC') ? all : ['UTC', ...all]).map((zone) => ({ value: zone, label: zone }));
  }, [current]);
}

/** The network's latitude, longitude and time zone, used by schedules and astro timers. */
export function LocationForm({ nid, location, canEdit }: { nid: number; location: NetworkLocation; canEdit: boolean }) {
  const { t } = useTranslation();
  const { location: save } = useScheduleMutations();
  const zones = useTimeZones(location.timeZone);
  const [form] = Form.useForm<NetworkLocation>();
  const chosenZone = Form.useWatch('timeZone', form);
  const handleSubmit = (values: NetworkLocation) =>
    save.mutate(
      { nid, latitude: values.latitude ?? null, longitude: values.longitude ?? null, timeZone: values.timeZone },
      { onSuccess: () => toast.saved(t('schedule.location.saved')) },
    );
  return (
    <Form
      form={form}
      layout="inline"
      name="location-form"
      initialValues={location}
      onFinish={handleSubmit}
      disabled={!canEdit}
    >
      <Space wrap>
        <Form.Item name="latitude" label={t('schedule.location.latitude')}>
          <InputNumber min={-90} max={90} step={0.0001} />
        </Form.Item>
        <Form.Item name="longitude" label={t('schedule.location.longitude')}>
          <InputNumber min={-180} max={180} step={0.0001} />
        </Form.Item>
        <Form.Item name="timeZone" label={t('schedule.location.timeZone')}>
          <Select showSearch style={{ width: 220 }} options={zones} data-testid="time-zone-select" />
        </Form.Item>
        {canEdit && (
          <Button htmlType="submit" loading={save.isPending}>
            {t('schedule.location.save')}
          </Button>
        )}
      </Space>
      {chosenZone !== undefined && chosenZone !== location.timeZone && (
        <Alert
          type="warning"
          showIcon
          data-testid="zone-change-note"
          title={t('schedule.location.zoneChange', { zone: chosenZone })}
          style={{ marginTop: 8, width: '100%' }}
        />
      )}
      {location.latitude === null && (
        <Alert type="info" showIcon title={t('schedule.location.none')} style={{ marginTop: 8, width: '100%' }} />
      )}
    </Form>
  );
}
