import type { NetworkSummary } from '@lightwell/domain';
import { Alert, Button, Drawer, Empty, Form, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../../api/errors';
import {
  type DisplayTokenRow,
  screenLink,
  useDisplayTokenAddMutation,
  useDisplayTokenRevokeMutation,
  useDisplayTokensQuery,
} from '../../../../../api/screen';
import { toast } from '../../../../../app/feedback';
import { TABLE_SCROLL } from '../../../../../components/table-columns';
import type { InstantOptions } from '../../../../../hooks/use-format-instant';

/**
 * The lobby dashboard of a network: open it (every member), and, for its administrator, make, list and
 * revoke the display keys that open it on screens nobody signs in to. A new key's link is shown once.
 */
export function DisplayDrawer({
  network,
  formatDateTime,
  onClose,
}: {
  network: NetworkSummary;
  formatDateTime: (value: number, options?: InstantOptions) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const admin = network.abilities.display;
  const tokens = useDisplayTokensQuery(network.id, admin);
  const add = useDisplayTokenAddMutation();
  const revoke = useDisplayTokenRevokeMutation();
  const [form] = Form.useForm<{ name: string }>();
  const [made, setMade] = useState<{ name: string; link: string } | null>(null);
  const at = (value: number) => formatDateTime(value, { precision: 'second', timeZone: network.timeZone });

  const submit = async ({ name }: { name: string }) => {
    try {
      const token = await add.mutateAsync({ nid: network.id, name });
      setMade({ name: token.name, link: screenLink(network.id, token.key) });
      form.resetFields();
    } catch (error) {
      if (isApiError(error)) toast.error(error.message);
    }
  };

  const copy = async (link: string) => {
    await navigator.clipboard.writeText(link);
    toast.success(t('network.display.copied'));
  };

  return (
    <Drawer
      open
      size={760}
      title={t('network.display.title', { name: network.name })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button href={screenLink(network.id)} target="_blank" rel="noopener" data-testid="display-open">
          {t('network.display.open')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('network.display.intro')}</Typography.Paragraph>
      {!admin && <Alert type="info" showIcon title={t('network.display.adminOnly')} />}
      {admin && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {made && (
            <Alert
              type="success"
              showIcon
              data-testid="display-made"
              title={t('network.display.made', { name: made.name })}
              description={
                <Space direction="vertical" style={{ width: '100%' }}>
                  <span>{t('network.display.madeHint')}</span>
                  <Typography.Text code copyable={false} data-testid="display-link" style={{ wordBreak: 'break-all' }}>
                    {made.link}
                  </Typography.Text>
                  <Button size="small" onClick={() => void copy(made.link)}>
                    {t('network.display.copy')}
                  </Button>
                </Space>
              }
            />
          )}
          <Form form={form} layout="inline" onFinish={(values) => void submit(values)}>
            <Form.Item
              name="name"
              label={t('network.display.name')}
              rules={[{ required: true, whitespace: true, max: 40 }]}
            >
              <Input placeholder={t('network.display.namePlaceholder')} maxLength={40} data-testid="display-name" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="display-add">
              {t('network.display.add')}
            </Button>
          </Form>
          <Table<DisplayTokenRow>
            scroll={TABLE_SCROLL}
            rowKey="id"
            size="small"
            data-testid="display-tokens"
            loading={tokens.isFetching}
            dataSource={tokens.data ?? []}
            pagination={false}
            locale={{ emptyText: <Empty description={t('network.display.empty')} /> }}
            columns={[
              { key: 'name', title: t('network.display.name'), dataIndex: 'name', ellipsis: true },
              {
                key: 'by',
                title: t('network.display.createdBy'),
                dataIndex: 'createdByName',
                width: 140,
                render: (name: string | null) => name ?? '—',
              },
              { key: 'created', title: t('network.display.created'), dataIndex: 'createTime', width: 170, render: at },
              {
                key: 'used',
                title: t('network.display.lastUsed'),
                dataIndex: 'lastUsed',
                width: 170,
                render: (value: number | null) => (value === null ? t('network.display.never') : at(value)),
              },
              {
                key: 'revoke',
                width: 110,
                fixed: 'right',
                render: (_, token) => (
                  <Popconfirm
                    title={t('network.display.revokeConfirm', { name: token.name })}
                    okText={t('network.display.revoke')}
                    okButtonProps={{ danger: true }}
                    onConfirm={async () => {
                      await revoke.mutateAsync({ id: token.id });
                      toast.success(t('network.display.revoked'));
                    }}
                  >
                    <Button type="link" danger size="small" data-testid={`display-revoke-${token.id}`}>
                      {t('network.display.revoke')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
