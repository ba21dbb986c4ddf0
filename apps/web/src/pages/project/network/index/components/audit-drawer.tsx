import { formatPrice, type NetworkSummary } from '@lightwell/domain';
import { Drawer, Empty, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetworkAuditQuery } from '../../../../../api/network';
import { TABLE_SCROLL } from '../../../../../components/table-columns';
import type { InstantOptions } from '../../../../../hooks/use-format-instant';
import { useSession } from '../../../../../stores/session';
import { auditActionKey, useNetworkLabels } from '../../network-labels';
import { describeChanges, type FieldChange } from '../audit-changes';

type AuditEvent = NonNullable<ReturnType<typeof useNetworkAuditQuery>['data']>['list'][number];

/** A network membership as audit events record it. */
function isMember(value: unknown): value is { uid: number; userType: number } {
  return typeof value === 'object' && value !== null && 'uid' in value && 'userType' in value;
}

/** A value of an audit record as a reader understands it: prices with two decimals, roles and categories named. */
function useFormatValue() {
  const { t } = useTranslation();
  const labels = useNetworkLabels();
  return (field: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (field === 'electricityPrice' && typeof value === 'number') return formatPrice(value);
    if (field === 'userType' && typeof value === 'number') return labels.role(value);
    if (field === 'category' && typeof value === 'string') return labels.category(value);
    if (isMember(value)) return t('network.audit.member', { uid: value.uid, role: labels.role(value.userType) });
    if (Array.isArray(value) && value.every(isMember)) {
      return value.map((m) => t('network.audit.member', { uid: m.uid, role: labels.role(m.userType) })).join(', ');
    }
    if (Array.isArray(value) && value.every((entry) => typeof entry !== 'object')) return value.join(', ');
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
}

/** Audit trail of a network (its administrator, `abilities.viewAudit`): who changed what, when, before and after. */
export function AuditDrawer({
  network,
  formatDateTime,
  onClose,
}: {
  network: NetworkSummary;
  formatDateTime: (value: number, options?: InstantOptions) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pageSize = useSession((state) => state.pageNumber);
  const [page, setPage] = useState(1);
  const audit = useNetworkAuditQuery(network.id, { page, pageSize });
  const formatValue = useFormatValue();

  const renderChange = (change: FieldChange) => (
    <div key={change.field}>
      {change.field && (
        <Typography.Text type="secondary">
          {t(`network.audit.fields.${change.field}`, { defaultValue: change.field })}:{' '}
        </Typography.Text>
      )}
      {change.before !== undefined && (
        <Typography.Text delete>{formatValue(change.field, change.before)}</Typography.Text>
      )}
      {change.before !== undefined && change.after !== undefined && ' → '}
      {change.after !== undefined && <Typography.Text>{formatValue(change.field, change.after)}</Typography.Text>}
    </div>
  );

  return (
    <Drawer open size={820} title={t('network.audit.title', { name: network.name })} onClose={onClose} destroyOnHidden>
      <Table<AuditEvent>
        scroll={TABLE_SCROLL}
        rowKey="id"
        data-testid="network-audit"
        size="small"
        loading={audit.isFetching}
        dataSource={audit.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('network.audit.empty')} /> }}
        pagination={{
          current: page,
          pageSize,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'when',
            title: t('network.audit.when'),
            dataIndex: 'createdAt',
            width: 170,
            render: (at: number) => formatDateTime(at, { precision: 'second', timeZone: network.timeZone }),
          },
          {
            key: 'who',
            title: t('network.audit.who'),
            dataIndex: 'actor',
            width: 140,
            render: (actor: string | null) => actor ?? t('network.audit.system'),
          },
          {
            key: 'action',
            title: t('network.audit.action'),
            dataIndex: 'action',
            width: 170,
            render: (action: string) => t(auditActionKey(action), { defaultValue: action }),
          },
          {
            key: 'changes',
            title: t('network.audit.changes'),
            render: (_, event) => {
              const changes = describeChanges(event.before, event.after);
              return changes.length > 0 ? changes.map(renderChange) : '—';
            },
          },
        ]}
      />
    </Drawer>
  );
}
