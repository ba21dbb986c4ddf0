import type { NetworkSummary } from '@lightwell/domain';
import { Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetworkLabels } from '../../network-labels';
import { type NetworkActionHandlers, NetworkActions } from './network-actions';

/**
 * Paged network table of a project: name, category, electricity price, the user's role, members,
 * created, and the actions the server's abilities allow. Rows the user may edit can be selected for
 * a batch move.
 */
export function NetworkTable({
  rows,
  total,
  page,
  pageSize,
  loading,
  selected,
  formatDateTime,
  onPageChange,
  onSelect,
  actions,
  empty,
}: {
  rows: readonly NetworkSummary[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  selected: readonly NetworkSummary[];
  formatDateTime: (value: number) => string;
  onPageChange: (page: number) => void;
  onSelect: (networks: NetworkSummary[]) => void;
  actions: NetworkActionHandlers;
  /** What an empty list shows: what to do, with the button that does it. */
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const labels = useNetworkLabels();
  return (
    <Table<NetworkSummary>
      rowKey="id"
      data-testid="network-table"
      loading={loading}
      dataSource={[...rows]}
      pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: onPageChange }}
      locale={{ emptyText: empty }}
      scroll={{ x: 1000 }}
      rowSelection={{
        selectedRowKeys: selected.map((network) => network.id),
        preserveSelectedRowKeys: true,
        getCheckboxProps: (network) => ({
          disabled: !network.abilities.edit,
          'aria-label': t('network.list.select', { name: network.name }),
        }),
        onChange: (keys, networks) => {
          // Rows chosen on other pages come back undefined; keep them from the earlier choice.
          const known = new Map([...selected, ...networks.filter(Boolean)].map((network) => [network.id, network]));
          onSelect(keys.flatMap((key) => known.get(Number(key)) ?? []));
        },
      }}
      columns={[
        {
          key: 'name',
          title: t('network.columns.name'),
          dataIndex: 'name',
          render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
        },
        {
          key: 'category',
          title: t('network.columns.category'),
          dataIndex: 'category',
          width: 130,
          render: (category: string) => labels.category(category),
        },
        {
          key: 'price',
          title: t('network.columns.price'),
          dataIndex: 'electricityPrice',
          width: 130,
          render: (price: number, network) => labels.price(price, network.currency),
        },
        {
          key: 'role',
          title: t('network.columns.role'),
          dataIndex: 'userType',
          width: 120,
          render: (userType: number) => labels.role(userType),
        },
        { key: 'members', title: t('network.columns.members'), dataIndex: 'memberCount', width: 100 },
        {
          key: 'createTime',
          title: t('network.columns.createTime'),
          dataIndex: 'createTime',
          width: 180,
          render: (createTime: number) => formatDateTime(createTime),
        },
        {
          key: 'actions',
          title: t('network.columns.actions'),
          width: 270,
          render: (_, network) => <NetworkActions network={network} handlers={actions} />,
        },
      ]}
    />
  );
}
