import type { CallData } from '@lightwell/domain';
import { Empty, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionsColumn, nameColumn, TABLE_SCROLL } from '../../../../../components/table-columns';
import { useSession } from '../../../../../stores/session';

/** A network in the recycle bin. */
export type RecycledNetwork = CallData<'networkRecycleList'>[number];

/** Deleted networks with their project, when they were deleted and when they will be purged; each restorable. */
export function RecycleTable({
  rows,
  loading,
  restoring,
  formatDateTime,
  onRestore,
}: {
  rows: readonly RecycledNetwork[];
  loading: boolean;
  /** Id of the network being restored, whose button shows loading. */
  restoring: number | undefined;
  formatDateTime: (value: number) => string;
  onRestore: (nid: number, name: string) => void;
}) {
  const { t } = useTranslation();
  const pageSize = useSession((state) => state.pageNumber);
  return (
    <Table<RecycledNetwork>
      rowKey="id"
      data-testid="network-recycle-table"
      loading={loading}
      dataSource={[...rows]}
      pagination={{ pageSize, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: <Empty description={t('network.recycle.empty')} /> }}
      scroll={TABLE_SCROLL}
      columns={[
        nameColumn<RecycledNetwork>({ title: t('network.recycle.name'), text: (network) => network.name }),
        { key: 'project', title: t('network.recycle.project'), dataIndex: 'pName' },
        {
          key: 'deletedAt',
          title: t('network.recycle.deletedAt'),
          dataIndex: 'deletedAt',
          render: (at: number) => formatDateTime(at),
        },
        {
          key: 'purgeAt',
          title: t('network.recycle.purgeAt'),
          dataIndex: 'purgeAt',
          render: (at: number) => formatDateTime(at),
        },
        actionsColumn<RecycledNetwork>({
          title: t('network.columns.actions'),
          rowName: (network) => network.name,
          actions: (network) => [
            {
              key: 'restore',
              label: t('network.recycle.restore'),
              loading: restoring === network.id,
              hidden: !network.canRestore,
              onClick: () => onRestore(network.id, network.name),
            },
          ],
        }),
      ]}
    />
  );
}
