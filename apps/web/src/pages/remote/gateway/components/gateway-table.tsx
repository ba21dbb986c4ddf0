import { isGatewayOnline } from '@lightwell/domain';
import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GatewayRow, useGatewayDeleteMutation, useGatewaySecretResetMutation } from '../../../../api/gateway';
import { EmptyState } from '../../../../components/empty-state';
import { GatewayStatusBadge } from '../../../../features/control/gateway-selector';
import { useFormatDateTime } from '../../../../hooks/use-format-date';
import { useTablePagination } from '../../../../hooks/use-table-pagination';
import { RenameGatewayDialog } from './rename-gateway-dialog';
import type { GatewaySecret } from './secret-dialog';

/** Props of {@link GatewayTable}. */
export interface GatewayTableProps {
  gateways: readonly GatewayRow[];
  loading: boolean;
  /** Owners and installers configure gateways (rename, reset secret, delete): the network's `edit` ability. */
  canConfigure: boolean;
  onDiagnosis: (gateway: GatewayRow) => void;
  onSecret: (secret: GatewaySecret) => void;
  /** Opens the add dialog: the button of an empty list, for those who configure. */
  onAdd: () => void;
}

/** Gateways of a network: status by the section-4 rule, mesh, last seen in the user's time format, firmware, type. */
export function GatewayTable({ gateways, loading, canConfigure, onDiagnosis, onSecret, onAdd }: GatewayTableProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const reset = useGatewaySecretResetMutation();
  const remove = useGatewayDeleteMutation();
  const pagination = useTablePagination();
  const [renaming, setRenaming] = useState<GatewayRow | null>(null);
  return (
    <>
      <Table<GatewayRow>
        rowKey="id"
        loading={loading}
        dataSource={[...gateways]}
        pagination={pagination}
        locale={{
          emptyText: canConfigure ? (
            <EmptyState
              description={t('gateway.page.empty')}
              action={{ label: t('gateway.add.open'), onClick: onAdd }}
              testId="gateways-empty"
            />
          ) : (
            <EmptyState description={t('gateway.page.emptyReadOnly')} testId="gateways-empty" />
          ),
        }}
        columns={[
          { title: t('gateway.fields.name'), dataIndex: 'name' },
          { title: t('gateway.fields.sn'), dataIndex: 'sn' },
          {
            title: t('gateway.fields.type'),
            key: 'type',
            render: (_, gw) => t(`gateway.types.${gw.gatewayType}`, { defaultValue: String(gw.gatewayType) }),
          },
          {
            title: t('gateway.fields.status'),
            key: 'status',
            render: (_, gw) => <GatewayStatusBadge online={isGatewayOnline(gw)} />,
          },
          {
            title: t('gateway.fields.mesh'),
            key: 'mesh',
            render: (_, gw) => (
              <Tag color={gw.meshStatus === 1 ? 'green' : 'default'}>
                {t(gw.meshStatus === 1 ? 'gateway.mesh.ready' : 'gateway.mesh.notReady')}
              </Tag>
            ),
          },
          {
            title: t('gateway.fields.lastSeen'),
            key: 'lastSeen',
            render: (_, gw) => (gw.lastSeen === null ? t('gateway.never') : formatDate(gw.lastSeen * 1000)),
          },
          { title: t('gateway.fields.firmware'), key: 'firmware', render: (_, gw) => gw.firmware || '—' },
          {
            title: t('gateway.fields.actions'),
            key: 'actions',
            render: (_, gw) => (
              <Space wrap>
                <Button size="small" onClick={() => onDiagnosis(gw)}>
                  {t('gateway.actions.diagnosis')}
                </Button>
                {canConfigure && (
                  <Button size="small" onClick={() => setRenaming(gw)}>
                    {t('gateway.actions.rename')}
                  </Button>
                )}
                {canConfigure && (
                  <Popconfirm
                    title={t('gateway.actions.resetConfirm', { name: gw.name })}
                    onConfirm={() =>
                      reset
                        .mutateAsync({ gatewayId: gw.id })
                        .then(({ secret }) => onSecret({ name: gw.name, sn: gw.sn, secret }))
                    }
                  >
                    <Button size="small">{t('gateway.actions.resetSecret')}</Button>
                  </Popconfirm>
                )}
                {canConfigure && (
                  <Popconfirm
                    title={t('gateway.actions.deleteConfirm', { name: gw.name })}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync({ gatewayId: gw.id })}
                  >
                    <Button size="small" danger>
                      {t('gateway.actions.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {renaming && <RenameGatewayDialog gateway={renaming} onClose={() => setRenaming(null)} />}
    </>
  );
}
