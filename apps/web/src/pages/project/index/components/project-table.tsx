import type { ProjectListItem } from '@lightwell/domain';
import { Button, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

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
 * Paged project table (section 2, /project/index): name with the default tag, remarks, network count,
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
      scroll={{ x: 900 }}
      columns={[
        {
          key: 'name',
          title: t('project.columns.name'),
          dataIndex: 'name',
          render: (name: string, project) => (
            <Space size={4} wrap>
              <Typography.Text strong>{name}</Typography.Text>
              {project.isDefault && <Tag color="red">{t('project.list.default')}</Tag>}
            </Space>
          ),
        },
        {
          key: 'remarks',
          title: t('project.columns.remarks'),
          dataIndex: 'remarks',
          ellipsis: true,
          render: (remarks: string) => remarks || '—',
        },
        {
          key: 'networks',
          title: t('project.columns.networks'),
          dataIndex: 'networkCount',
          width: 110,
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
          width: 190,
          render: (updatedAt: number) => formatDateTime(updatedAt),
        },
        {
          key: 'actions',
          title: t('project.columns.actions'),
          width: 280,
          render: (_, project) => (
            <Space size={0} wrap>
              {project.isCreator && (
                <Button type="link" size="small" onClick={() => actions.onEdit(project)}>
                  {t('project.actions.edit')}
                </Button>
              )}
              {project.networkCount > 0 && (
                <Button type="link" size="small" onClick={() => actions.onShare(project)}>
                  {t('project.actions.share')}
                </Button>
              )}
              {!project.isDefault && (
                <Button
                  type="link"
                  size="small"
                  loading={settingDefault === project.id}
                  onClick={() => actions.onSetDefault(project)}
                >
                  {t('project.actions.setDefault')}
                </Button>
              )}
              {project.isCreator && (
                <Popconfirm
                  title={t('project.delete.confirm', { name: project.name })}
                  description={t('project.delete.hint')}
                  okText={t('project.actions.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common.actions.cancel')}
                  onConfirm={() => actions.onDelete(project)}
                >
                  <Button type="link" size="small" danger>
                    {t('project.actions.delete')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
