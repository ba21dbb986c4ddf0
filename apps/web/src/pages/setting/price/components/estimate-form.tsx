import type { EnergyBase, EstimateDefaults } from '@lightwell/domain';
import { Button, Card, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Estimate defaults (section 9): rated power of a luminaire that has none, and standby power. */
export function EstimateForm({
  base,
  saving,
  onSave,
}: {
  base: EnergyBase;
  saving: boolean;
  onSave: (estimate: EstimateDefaults) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('settings.price.estimate.title')}>
      <Form<{ ratedPowerW?: number | null; standbyW: number }>
        layout="vertical"
        disabled={!base.canEdit}
        initialValues={base.estimate}
        onFinish={(values) => onSave({ ratedPowerW: values.ratedPowerW ?? null, standbyW: values.standbyW })}
      >
        <Space wrap align="start">
          <Form.Item
            name="ratedPowerW"
            label={t('settings.price.estimate.ratedPower')}
            extra={t('settings.price.estimate.ratedPowerHelp')}
          >
            <InputNumber min={0.1} max={2000} step={0.1} precision={1} addonAfter="W" />
          </Form.Item>
          <Form.Item
            name="standbyW"
            label={t('settings.price.estimate.standby')}
            rules={[{ required: true }]}
            extra={t('settings.price.estimate.standbyHelp')}
          >
            <InputNumber min={0} max={50} step={0.1} precision={2} addonAfter="W" />
          </Form.Item>
        </Space>
        {base.canEdit && (
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('settings.price.estimate.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
