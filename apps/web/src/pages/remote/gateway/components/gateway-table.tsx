import { isGatewayOnline } from '@lightwell/domain';
import { Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GatewayRow, useGatewayDeleteMutation, useGatewaySecretResetMutation } from '../../../../api/gateway';
import { EmptyState, emptyLocale } from '../../../../components/empty-state';
import { actionsColumn, nameColumn, TABLE_SCROLL } from '../../../../components/table-columns';
import { GatewayStatusBadge } from '../../../../features/control/gateway-selector';
import { useFormatInstant } from '../../../../hooks/use-format-instant';
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

/**
 * A gateway whose reports came stamped too far ahead (its clock is wrong, so their readings were refused):
 * how many, and when the last one came. Nothing for a gateway without any.
 */
function ClockAheadTag({ gateway }: { gateway: GatewayRow }) {
  const { t } = useTranslation();
  const formatDate = useFormatInstant();
  const { count, lastAt } = gateway.clockAhead;
  if (count === 0) return null;
  const last = lastAt === null ? '—' : formatDate(lastAt, { precision: 'second' });
  return (
    <Tooltip title={t('gateway.clockAhead.detail', { count, last })}>
      <Tag color="orange" data-testid={`clock-ahead-${gateway.id}`}>
        {t('gateway.clockAhead.tag', { count })}
      </Tag>
    </Tooltip>
  );
}

/** Gateways of a network: status by the section-4 rule, mesh, last seen in the user's time format, firmware, type. */
export function GatewayTable({ gateways, loading, canConfigure, onDiagnosis, onSecret, onAdd }: GatewayTableProps) {
  const { t } = useTranslation();
  const formatDate = useFormatInstant();
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
        locale={emptyLocale(
          loading,
          canConfigure ? (
            <EmptyState
              description={t('gateway.page.empty')}
              action={{ label: t('gateway.add.open'), onClick: onAdd }}
              testId="gateways-empty"
            />
          ) : (
            <EmptyState description={t('gateway.page.emptyReadOnly')} testId="gateways-empty" />
          ),
        )}
        scroll={TABLE_SCROLL}
        columns={[
          nameColumn<GatewayRow>({ title: t('gateway.fields.name'), text: (gw) => gw.name, onOpen: onDiagnosis }),
          { title: t('gateway.fields.sn'), dataIndex: 'sn' },
          {
            title: t('gateway.fields.type'),
            key: 'type',
            render: (_, gw) => t(`gateway.types.${gw.gatewayType}`, { defaultValue: String(gw.gatewayType) }),
          },
          {
            title: t('gateway.fields.status'),
            key: 'status',
            render: (_, gw) => (
              <>
                <GatewayStatusBadge online={isGatewayOnline(gw)} />
                <ClockAheadTag gateway={gw} />
              </>
            ),
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
            render: (_, gw) =>
              gw.lastSeen === null ? t('gateway.never') : formatDate(gw.lastSeen, { precision: 'second' }),
          },
          { title: t('gateway.fields.firmware'), key: 'firmware', render: (_, gw) => gw.firmware || '—' },
          actionsColumn<GatewayRow>({
            title: t('gateway.fields.actions'),
            rowName: (gw) => gw.name,
            actions: (gw) => [
              { key: 'diagnosis', label: t('gateway.actions.diagnosis'), onClick: () => onDiagnosis(gw) },
              {
                key: 'rename',
                label: t('gateway.actions.rename'),
                hidden: !canConfigure,
                onClick: () => setRenaming(gw),
              },
              {
                key: 'resetSecret',
                label: t('gateway.actions.resetSecret'),
                hidden: !canConfigure,
                onClick: () =>
                  reset
                    .mutateAsync({ gatewayId: gw.id })
                    .then(({ secret }) => onSecret({ name: gw.name, sn: gw.sn, secret })),
                confirm: { title: t('gateway.actions.resetConfirm', { name: gw.name }), danger: false },
              },
              {
                key: 'delete',
                label: t('gateway.actions.delete'),
                hidden: !canConfigure,
                danger: true,
                onClick: () => remove.mutateAsync({ gatewayId: gw.id }),
                confirm: { title: t('gateway.actions.deleteConfirm', { name: gw.name }) },
              },
            ],
          }),
        ]}
      />
      {renaming && <RenameGatewayDialog gateway={renaming} onClose={() => setRenaming(null)} />}
    </>
  );
}
