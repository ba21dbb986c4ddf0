import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectsQuery } from '../../../api/project';
import { useFormatDateTime } from '../../../hooks/use-format-date';
import { useSession } from '../../../stores/session';
import { ProjectsTable } from './components/projects-table';

/** Home (/first/index, index 10, pinned tab): a welcome and the user's projects, read-only. */
export function HomePage() {
  const { t } = useTranslation();
  const name = useSession((state) => state.name);
  const pageSize = useSession((state) => state.pageNumber);
  const formatDateTime = useFormatDateTime();
  const projects = useProjectsQuery();

  return (
    <div className="lw-stack">
      <Card>
        <Typography.Title level={3} className="lw-welcome">
          {t('home.welcome', { name })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
      </Card>
      <Card title={t('home.projects.title')}>
        <ProjectsTable
          projects={projects.data ?? []}
          loading={projects.isLoading}
          pageSize={pageSize}
          formatDateTime={formatDateTime}
        />
      </Card>
    </div>
  );
}
