import type { ProjectListItem } from '@lightwell/domain';
import { Button, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { actionsColumn, nameColumn, TABLE_SCROLL } from '../../../../components/table-columns';

/** Row actions of the project list. */
export interface ProjectRowActions {
  onEdit: (project: ProjectListItem) => void;
  onSetDefault: (project: ProjectListItem) => void;
  onShare: (project: ProjectListItem) => void;
  /** Resolves when the delete call has finished, whatever its outcome. */
  onDelete: (project: ProjectListItem) => Promise<void>;
  onOpenNetworks: (project: ProjectListItem) => void;
}

/**
 * Paged project table (section 2, /project/index): name with the default tag, owner, remarks, network count,
 * last modified, and the actions the user may take (editing and deleting belong to the creator).
 */
export function ProjectTable({
  rows,
  total,
  page,
  pageSize,
  loading,
  settingDefault,
  formatDateTime,
  onPageChange,
  actions,
}: {
  rows: readonly ProjectListItem[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  /** Id of the project being made default, whose button shows loading. */
  settingDefault: number | undefined;
  formatDateTime: (value: number) => string;
  onPageChange: (page: number) => void;
  actions: ProjectRowActions;
}) {
  const { t } = useTranslation();
  return (
    <Table<ProjectListItem>
      rowKey="id"
      data-testid="project-table"
      loading={loading}
      dataSource={[...rows]}
      pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: onPageChange }}
      locale={{ emptyText: <Empty description={t('project.list.empty')} /> }}
      scroll={TABLE_SCROLL}
      columns={[
        nameColumn<ProjectListItem>({
          title: t('project.columns.name'),
          text: (project) => project.name,
          onOpen: actions.onOpenNetworks,
          after: (project) => project.isDefault && <Tag color="red">{t('project.list.default')}</Tag>,
        }),
        {
          key: 'owner',
          title: t('project.columns.owner'),
          render: (_, project) => (project.isCreator ? t('project.owner.me') : project.ownerName || '—'),
        },
        {
          key: 'remarks',
          title: t('project.columns.remarks'),
          dataIndex: 'remarks',
          render: (remarks: string) => (
            <Typography.Text className="lw-cell-clamp" ellipsis={{ tooltip: remarks }}>
              {remarks || '—'}
            </Typography.Text>
          ),
        },
        {
          key: 'networks',
          title: t('project.columns.networks'),
          dataIndex: 'networkCount',
          render: (count: number, project) => (
            <Button
              type="link"
              size="small"
              aria-label={t('project.list.openNetworks', { name: project.name })}
              onClick={() => actions.onOpenNetworks(project)}
            >
              {count}
            </Button>
          ),
        },
        {
          key: 'updatedAt',
          title: t('project.columns.updatedAt'),
          dataIndex: 'updatedAt',
          render: (updatedAt: number) => formatDateTime(updatedAt),
        },
        actionsColumn<ProjectListItem>({
          title: t('project.columns.actions'),
          rowName: (project) => project.name,
          actions: (project) => [
            {
              key: 'edit',
              label: t('project.actions.edit'),
              hidden: !project.isCreator,
              onClick: () => actions.onEdit(project),
            },
            {
              key: 'share',
              label: t('project.actions.share'),
              // The server lets share a project only those who may change its settings (`canAddNetwork`).
              hidden: project.networkCount === 0 || !project.canAddNetwork,
              onClick: () => actions.onShare(project),
            },
            {
              key: 'setDefault',
              label: t('project.actions.setDefault'),
              hidden: project.isDefault,
              loading: settingDefault === project.id,
              onClick: () => actions.onSetDefault(project),
            },
            {
              key: 'delete',
              label: t('project.actions.delete'),
              hidden: !project.isCreator,
              danger: true,
              onClick: () => actions.onDelete(project),
              confirm: {
                title: t('project.delete.confirm', { name: project.name }),
                description: t('project.delete.hint'),
                okText: t('project.actions.delete'),
              },
            },
          ],
        }),
      ]}
    />
  );
}
