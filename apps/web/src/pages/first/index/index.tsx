import { Button, Card, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOverdueSummaryQuery } from '../../../api/emergency';
import { usePortfolioQuery } from '../../../api/portfolio';
import { useProjectInfoQuery, useProjectsQuery } from '../../../api/project';
import { HOME_PATH, pathOfIndex } from '../../../route-table';
import { useSession } from '../../../stores/session';
import { figuresByProject, NO_FITTINGS } from './components/emergency-cell';
import { type HomeProject, ProjectsTable } from './components/projects-table';
import { useOpenNetwork } from './use-open-network';

/**
 * Home (/first/index, index 10, pinned tab): a welcome and the user's portfolio: each project with its
 * networks, this month's energy, cost and CO2 against last month's, devices offline or faulty, emergency
 * fittings overdue, failed or with an open fault (one summary of all networks, added up per project),
 * 30 days' trend.
 */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useSession((state) => state.name);
  const pageSize = useSession((state) => state.pageNumber);
  const projects = useProjectsQuery();
  const info = useProjectInfoQuery();
  const portfolio = usePortfolioQuery();
  const overdue = useOverdueSummaryQuery();
  const handleOpen = useOpenNetwork();
  const rows = useMemo<HomeProject[]>(() => {
    const emergency = overdue.data && figuresByProject(overdue.data.networks);
    return (projects.data ?? []).map((project) => ({
      ...project,
      networks: info.data?.find((entry) => entry.id === project.id)?.networks ?? [],
      figures: portfolio.data?.find((entry) => entry.id === project.id),
      emergency: emergency && (emergency.get(project.id) ?? NO_FITTINGS),
    }));
  }, [projects.data, info.data, portfolio.data, overdue.data]);

  return (
    <div className="lw-stack">
      <Card>
        <Typography.Title level={3} className="lw-welcome">
          {t('home.welcome', { name })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('home.intro')}</Typography.Paragraph>
      </Card>
      <Card
        title={t('home.projects.title')}
        extra={
          <Button onClick={() => void navigate(pathOfIndex('2-1') ?? HOME_PATH)}>{t('project.home.manage')}</Button>
        }
      >
        <ProjectsTable
          projects={rows}
          loading={projects.isLoading || info.isLoading}
          pageSize={pageSize}
          onOpen={handleOpen}
        />
      </Card>
    </div>
  );
}
