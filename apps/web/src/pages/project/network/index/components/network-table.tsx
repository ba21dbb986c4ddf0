import type { NetworkSummary } from '@lightwell/domain';
import { Table } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyLocale } from '../../../../../components/empty-state';
import { actionsColumn, nameColumn, TABLE_SCROLL } from '../../../../../components/table-columns';
import type { InstantOptions } from '../../../../../hooks/use-format-instant';
import { useNetworkLabels } from '../../network-labels';
import { type NetworkActionHandlers, useNetworkActions } from './network-actions';

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
  formatDateTime: (value: number, options?: InstantOptions) => string;
  onPageChange: (page: number) => void;
  onSelect: (networks: NetworkSummary[]) => void;
  actions: NetworkActionHandlers;
  /** What an empty list shows: what to do, with the button that does it. */
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const labels = useNetworkLabels();
  const rowActions = useNetworkActions(actions);
  // The name opens the network's zones where that page exists, else its editor or members.
  const open = (network: NetworkSummary) => {
    const first = rowActions(network).find((action) => !action.hidden && !action.confirm);
    first?.onClick();
  };
  return (
    <Table<NetworkSummary>
      rowKey="id"
      data-testid="network-table"
      loading={loading}
      dataSource={[...rows]}
      pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: onPageChange }}
      locale={emptyLocale(loading, empty)}
      scroll={TABLE_SCROLL}
      rowSelection={{
        selectedRowKeys: selected.map((network) => network.id),
        preserveSelectedRowKeys: true,
        fixed: 'left',
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
        nameColumn<NetworkSummary>({ title: t('network.columns.name'), text: (network) => network.name, onOpen: open }),
        {
          key: 'category',
          title: t('network.columns.category'),
          dataIndex: 'category',
          render: (category: string) => labels.category(category),
        },
        {
          key: 'price',
          title: t('network.columns.price'),
          dataIndex: 'electricityPrice',
          render: (price: number, network) => labels.price(price, network.currency),
        },
        {
          key: 'role',
          title: t('network.columns.role'),
          dataIndex: 'userType',
          render: (userType: number) => labels.role(userType),
        },
        { key: 'members', title: t('network.columns.members'), dataIndex: 'memberCount' },
        {
          key: 'createTime',
          title: t('network.columns.createTime'),
          dataIndex: 'createTime',
          render: (createTime: number, network: NetworkSummary) =>
            formatDateTime(createTime, { timeZone: network.timeZone }),
        },
        actionsColumn<NetworkSummary>({
          title: t('network.columns.actions'),
          actions: rowActions,
          rowName: (network) => network.name,
        }),
      ]}
    />
  );
}
