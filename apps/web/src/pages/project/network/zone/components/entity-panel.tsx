import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Popconfirm, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The side panel of a selected zone or node in edit mode: a name field, the entity's own style
 * fields (`children`), save, and delete behind a confirmation. `testId` prefixes the test ids.
 */
export function EntityPanel<T extends { name: string }>({
  title,
  testId,
  entityKey,
  initial,
  nameMax,
  deleteConfirm,
  saving,
  deleting,
  onSave,
  onDelete,
  children,
}: {
  title: string;
  testId: string;
  /** Changes when another entity is selected or its saved values change, so the form starts afresh. */
  entityKey: string;
  initial: T;
  nameMax: number;
  deleteConfirm: string;
  saving: boolean;
  deleting: boolean;
  onSave: (values: T) => void;
  onDelete: () => Promise<void>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Form<T>
        key={entityKey}
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
            { max: nameMax, message: t('zone.form.nameLength', { max: nameMax }) },
          ]}
        >
          <Input data-testid={`${testId}-name`} />
        </Form.Item>
        {children}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving} data-testid={`${testId}-save`}>
            {t('zone.actions.save')}
          </Button>
          <Popconfirm
            title={deleteConfirm}
            okText={t('zone.actions.delete')}
            cancelText={t('zone.actions.cancel')}
            okButtonProps={{ danger: true, loading: deleting }}
            onConfirm={() => onDelete().catch(() => undefined)}
          >
            <Button danger icon={<DeleteOutlined />} loading={deleting} data-testid={`${testId}-delete`}>
              {t('zone.actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      </Form>
    </Card>
  );
}
