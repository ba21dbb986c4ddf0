import { ApartmentOutlined } from '@ant-design/icons';
import { formatPrice, localTimeZone, type ProjectSummary } from '@lightwell/domain';
import { Button, Empty, Space, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OverdueFigures } from '../../../../api/emergency';
import type { PortfolioProject } from '../../../../api/portfolio';
import { projectLabel } from '../../../../components/project-label';
import { nameColumn, TABLE_SCROLL } from '../../../../components/table-columns';
import { useDataFromDate } from '../../../../features/energy/coverage';
import { factorSetNames } from '../../../../features/energy/factor-sets';
import { EmergencyCell } from './emergency-cell';
import { SPARKLINE_WIDTH, Sparkline } from './sparkline';

/** A network as home lists it. */
export interface HomeNetwork {
  id: number;
  name: string;
}

/**
 * A project on home, with the networks the user sees in it, its energy figures and its networks'
 * emergency figures added up, each once loaded.
 */
export type HomeProject = ProjectSummary & {
  networks: readonly HomeNetwork[];
  figures?: PortfolioProject;
  emergency?: OverdueFigures;
};

/** kWh of Wh with one decimal, in the interface language's number format. */
function formatKWh(wh: number, language: string): string {
  return `${(wh / 1000).toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kWh`;
}

/** kg of g with one decimal. */
function formatKg(grams: number, language: string): string {
  return `${(grams / 1000).toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kg`;
}

/** A cost in hundredths with its currency; none when the project's networks use several. */
function formatCost(cost: number, currency: string): string {
  return currency === 'mixed' ? '—' : `${formatPrice(cost)} ${currency}`;
}

/**
 * Widths of the figure columns: the monthly figures wrap their last-month line, so that emergency lighting
 * and the last 30 days come into view beside them in a 1280 px window.
 */
const WIDTHS = { energy: 130, cost: 120, co2: 120, devices: 110, emergency: 150, trend: SPARKLINE_WIDTH + 16 };

/**
 * The user's portfolio: per project its networks (count and one link each), this month's energy, cost and
 * CO2 against last month's, devices offline and with a fault, emergency fittings overdue, failed or with
 * an open fault, and the last 30 days' energy as a line; paged with the user's page size. Emergency
 * lighting and the trend stay at the right while the table scrolls, as the name stays at the left.
 */
export function ProjectsTable({
  projects,
  loading,
  pageSize,
  onOpen,
}: {
  projects: readonly HomeProject[];
  loading: boolean;
  pageSize: number;
  onOpen: (project: HomeProject, network?: HomeNetwork) => void;
}) {
  const { t, i18n } = useTranslation();
  const dataFromDate = useDataFromDate();
  type Month = PortfolioProject['thisMonth'];
  /** Last month's figure; when the data began inside last month, with the day it began (not comparable). */
  const lastMonthText = (value: string, figures: PortfolioProject) => {
    const date = dataFromDate(figures.lastMonth.coverage, localTimeZone());
    return date === null
      ? t('home.portfolio.lastMonth', { value })
      : t('home.portfolio.lastMonthPartial', { value, date });
  };
  /** A column of one monthly figure: this month in front, last month under it. */
  const monthColumn = (
    key: string,
    title: string,
    width: number,
    format: (month: Month, figures: PortfolioProject) => string,
    detail?: (figures: PortfolioProject) => string,
  ): TableColumnType<HomeProject> => ({
    key,
    title,
    width,
    render: (_, project) =>
      project.figures ? (
        <Space orientation="vertical" size={0}>
          <Typography.Text
            strong={key === 'energy'}
            data-testid={`home-${key}`}
            data-value={key === 'energy' ? project.figures.thisMonth.energyWh : undefined}
          >
            {format(project.figures.thisMonth, project.figures)}
          </Typography.Text>
          <Typography.Text type="secondary" data-testid={`home-${key}-last`}>
            {lastMonthText(format(project.figures.lastMonth, project.figures), project.figures)}
          </Typography.Text>
          {detail && (
            <Typography.Text type="secondary" data-testid={`home-${key}-detail`}>
              {detail(project.figures)}
            </Typography.Text>
          )}
        </Space>
      ) : (
        '—'
      ),
  });
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
        monthColumn('energy', t('home.portfolio.energy'), WIDTHS.energy, (month) =>
          formatKWh(month.energyWh, i18n.language),
        ),
        monthColumn('cost', t('home.portfolio.cost'), WIDTHS.cost, (month, figures) =>
          formatCost(month.cost, figures.currency),
        ),
        monthColumn(
          'co2',
          t('home.portfolio.co2'),
          WIDTHS.co2,
          (month) => formatKg(month.co2Grams, i18n.language),
          // Every factor set either month was converted with (a set chosen this month converts from that day).
          (figures) => factorSetNames([...figures.lastMonth.co2Sets, ...figures.thisMonth.co2Sets], i18n.language),
        ),
        {
          key: 'devices',
          title: t('home.portfolio.devices'),
          width: WIDTHS.devices,
          render: (_, project) =>
            project.figures ? (
              <Space size={[4, 4]} wrap>
                <Tag color={project.figures.devicesOffline > 0 ? 'orange' : 'default'} data-testid="home-offline">
                  {t('home.portfolio.offline', { count: project.figures.devicesOffline })}
                </Tag>
                <Tag color={project.figures.devicesFault > 0 ? 'red' : 'default'} data-testid="home-faults">
                  {t('home.portfolio.faults', { count: project.figures.devicesFault })}
                </Tag>
              </Space>
            ) : (
              '—'
            ),
        },
        {
          key: 'emergency',
          title: t('home.emergency.title'),
          width: WIDTHS.emergency,
          fixed: 'right',
          render: (_, project) => <EmergencyCell figures={project.emergency} />,
        },
        {
          key: 'trend',
          title: t('home.portfolio.trend'),
          width: WIDTHS.trend,
          fixed: 'right',
          render: (_, project) =>
            project.figures ? (
              <Sparkline values={project.figures.sparkline} label={t('home.portfolio.trendLabel')} />
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}
