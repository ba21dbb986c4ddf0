import { DeleteOutlined } from '@ant-design/icons';
import { FloorPlanDefaults, type Zone } from '@lightwell/domain';
import { Button, Card, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ENTITY_NAME_MAX } from '../../../name-rules';
import { ColorField, NumberField } from './style-fields';

/** What the zone panel saves. */
export interface ZoneStyle {
  name: string;
  bgColor: string;
  zoneNameColor: string;
  zoneNameSize: number;
  zoneNameAngle: number;
}

/** Props of {@link ZonePanel}. */
export interface ZonePanelProps {
  zone: Zone;
  saving: boolean;
  deleting: boolean;
  onSave: (style: ZoneStyle) => void;
  onDelete: () => Promise<void>;
}

/**
 * The selected zone in edit mode (section 3 Zone): name, background colour, name colour, size
 * (default 16) and angle; delete, refused by the server while devices are in the zone.
 */
export function ZonePanel({ zone, saving, deleting, onSave, onDelete }: ZonePanelProps) {
  const { t } = useTranslation();
  const initial: ZoneStyle = {
    name: zone.name,
    bgColor: zone.bgColor,
    zoneNameColor: zone.zoneNameColor,
    zoneNameSize: zone.zoneNameSize || FloorPlanDefaults.zoneNameSize,
    zoneNameAngle: zone.zoneNameAngle,
  };
  return (
    <Card size="small" title={t('zone.panel.zoneTitle')} data-testid="zone-panel">
      <Form<ZoneStyle>
        key={JSON.stringify([zone.id, initial])}
        layout="vertical"
        size="small"
        initialValues={initial}
        onFinish={(values) => onSave({ ...values, name: values.name.trim() })}
      >
        <Form.Item
          name="name"
          label={t('zone.fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('zone.form.nameRequired') },
            { max: ENTITY_NAME_MAX, message: t('zone.form.nameLength', { max: ENTITY_NAME_MAX }) },
          ]}
        >
          <Input data-testid="zone-panel-name" />
        </Form.Item>
        <ColorField name="bgColor" label={t('zone.fields.bgColor')} testId="zone-panel-bg-color" />
        <ColorField name="zoneNameColor" label={t('zone.fields.nameColor')} testId="zone-panel-name-color" />
        <NumberField
          name="zoneNameSize"
          label={t('zone.fields.nameSize')}
          min={1}
          max={200}
          testId="zone-panel-name-size"
        />
        <NumberField
          name="zoneNameAngle"
          label={t('zone.fields.nameAngle')}
          min={-360}
          max={360}
          testId="zone-panel-name-angle"
        />
        <Typography.Paragraph type="secondary">
          {t('zone.panel.devices', { count: zone.nodeCount })}
        </Typography.Paragraph>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="zone-panel-save">
            {t('zone.actions.save')}
          </Button>
          <Popconfirm
            title={t('zone.delete.confirm', { name: zone.name })}
            okText={t('zone.actions.delete')}
            cancelText={t('zone.actions.cancel')}
            okButtonProps={{ danger: true, loading: deleting }}
            onConfirm={() => onDelete()}
          >
            <Button danger icon={<DeleteOutlined />} loading={deleting} data-testid="zone-panel-delete">
              {t('zone.actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      </Form>
    </Card>
  );
}
