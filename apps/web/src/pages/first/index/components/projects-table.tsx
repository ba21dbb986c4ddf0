import { ApartmentOutlined } from '@ant-design/icons';
import type { ProjectSummary } from '@lightwell/domain';
import { Button, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { projectLabel } from '../../../../components/project-label';
import { nameColumn, TABLE_SCROLL } from '../../../../components/table-columns';

/** A network as home lists it. */
export interface HomeNetwork {
  id: number;
  name: string;
}

/** A project on home, with the networks the user sees in it. */
export type HomeProject = ProjectSummary & { networks: readonly HomeNetwork[] };

/**
 * The user's projects with their networks: name (default tag), remarks, networks (count and one link
 * each), last modified; paged with the user's page size.
 */
export function ProjectsTable({
  projects,
  loading,
  pageSize,
  formatDateTime,
  onOpen,
}: {
  projects: readonly HomeProject[];
  loading: boolean;
  pageSize: number;
  formatDateTime: (value: number) => string;
  onOpen: (project: HomeProject, network?: HomeNetwork) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table<HomeProject>
      rowKey="id"
      size="middle"
      data-testid="home-projects"
      loading={loading}
      dataSource={[...projects]}
      pagination={{ pageSize, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: <Empty description={t('home.projects.empty')} /> }}
      scroll={TABLE_SCROLL}
      columns={[
        nameColumn<HomeProject>({
          title: t('home.projects.name'),
          text: (project) => projectLabel(project, t),
          onOpen: (project) => onOpen(project),
          after: (project) => project.isDefault && <Tag color="red">{t('home.projects.default')}</Tag>,
        }),
        {
          key: 'remarks',
          title: t('home.projects.remarks'),
          dataIndex: 'remarks',
          render: (remarks: string) => (
            <Typography.Text className="lw-cell-clamp" ellipsis={{ tooltip: remarks }}>
              {remarks || '—'}
            </Typography.Text>
          ),
        },
        {
          key: 'networks',
          title: t('project.home.networks'),
          render: (_, project) => (
            <Space orientation="vertical" size={2}>
              <Button type="link" size="small" onClick={() => onOpen(project)}>
                {t('project.home.networkCount', { count: project.networks.length })}
              </Button>
              {project.networks.length === 0 ? (
                <Typography.Text type="secondary">{t('project.home.noNetworks')}</Typography.Text>
              ) : (
                <Space size={[4, 4]} wrap>
                  {project.networks.map((network) => (
                    <Button
                      key={network.id}
                      size="small"
                      icon={<ApartmentOutlined />}
                      title={t('project.home.openNetwork', { name: network.name })}
                      onClick={() => onOpen(project, network)}
                    >
                      {network.name}
                    </Button>
                  ))}
                </Space>
              )}
            </Space>
          ),
        },
        {
          key: 'updatedAt',
          title: t('home.projects.updatedAt'),
          dataIndex: 'updatedAt',
          render: (updatedAt: number) => formatDateTime(updatedAt),
        },
      ]}
    />
  );
}
