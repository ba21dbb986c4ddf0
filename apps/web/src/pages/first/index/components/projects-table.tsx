import type { ProjectSummary } from '@lightwell/domain';
import { Empty, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Read-only list of the user's projects: name, remarks, last modified; paged with the user's page size. */
export function ProjectsTable({
  projects,
  loading,
  pageSize,
  formatDateTime,
}: {
  projects: readonly ProjectSummary[];
  loading: boolean;
  pageSize: number;
  formatDateTime: (value: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <Table<ProjectSummary>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={[...projects]}
      pagination={{ pageSize, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: <Empty description={t('home.projects.empty')} /> }}
      columns={[
        {
          key: 'name',
          title: t('home.projects.name'),
          dataIndex: 'name',
          render: (name: string, project) => (
            <>
              {name} {project.isDefault && <Tag color="red">{t('home.projects.default')}</Tag>}
            </>
          ),
        },
        {
          key: 'remarks',
          title: t('home.projects.remarks'),
          dataIndex: 'remarks',
          render: (remarks: string) => remarks || '—',
        },
        {
          key: 'updatedAt',
          title: t('home.projects.updatedAt'),
          dataIndex: 'updatedAt',
          width: 200,
          render: (updatedAt: number) => formatDateTime(updatedAt),
        },
      ]}
    />
  );
}
