import { DeleteOutlined } from '@ant-design/icons';
import { FloorPlanDefaults, type PlanNode } from '@lightwell/domain';
import { Button, Card, Form, Input, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ColorField, NumberField } from './style-fields';

/** Longest node name (domain `NodeNameSchema`). */
const NODE_NAME_MAX = 64;

/** What the node panel saves. */
export interface NodeStyle {
  name: string;
  nameSize: number;
  nameAngle: number;
  iconSize: number;
  nameColor: string;
}

/** Props of {@link NodePanel}. */
export interface NodePanelProps {
  node: PlanNode;
  saving: boolean;
  deleting: boolean;
  onSave: (style: NodeStyle) => void;
  onDelete: () => Promise<void>;
}

/** The selected node in edit mode (section 3 Node): name, name size (default 12), angle, icon size, colour; delete. */
export function NodePanel({ node, saving, deleting, onSave, onDelete }: NodePanelProps) {
  const { t } = useTranslation();
  const initial: NodeStyle = {
    name: node.name,
    nameSize: node.nameSize || FloorPlanDefaults.nodeNameSize,
    nameAngle: node.nameAngle,
    iconSize: node.iconSize || FloorPlanDefaults.nodeIconSize,
    nameColor: node.nameColor,
  };
  return (
    <Card size="small" title={t('zone.panel.nodeTitle')} data-testid="node-panel">
      <Form<NodeStyle>
        key={JSON.stringify([node.id, initial])}
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
            { max: NODE_NAME_MAX, message: t('zone.form.nameLength', { max: NODE_NAME_MAX }) },
          ]}
        >
          <Input data-testid="node-panel-name" />
        </Form.Item>
        <NumberField
          name="nameSize"
          label={t('zone.fields.nameSize')}
          min={1}
          max={200}
          testId="node-panel-name-size"
        />
        <NumberField
          name="nameAngle"
          label={t('zone.fields.nameAngle')}
          min={-360}
          max={360}
          testId="node-panel-name-angle"
        />
        <NumberField
          name="iconSize"
          label={t('zone.fields.iconSize')}
          min={1}
          max={500}
          testId="node-panel-icon-size"
        />
        <ColorField name="nameColor" label={t('zone.fields.nameColor')} testId="node-panel-name-color" />
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="node-panel-save">
            {t('zone.actions.save')}
          </Button>
          <Popconfirm
            title={t('zone.nodeDelete.confirm', { name: node.name })}
            okText={t('zone.actions.delete')}
            cancelText={t('zone.actions.cancel')}
            okButtonProps={{ danger: true, loading: deleting }}
            onConfirm={() => onDelete().catch(() => undefined)}
          >
            <Button danger icon={<DeleteOutlined />} loading={deleting} data-testid="node-panel-delete">
              {t('zone.actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      </Form>
    </Card>
  );
}
