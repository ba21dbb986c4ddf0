import { DownloadOutlined } from '@ant-design/icons';
import type { ReportJob } from '@lightwell/domain';
import { Button, Progress, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../api/query-client';
import { downloadReport } from '../../api/report';
import { useFormatInstant } from '../../hooks/use-format-instant';
import { useReportPeriodText } from './report-period';

/** A file size in the reader's number format: bytes, KB or MB. */
function useSizeText(): (bytes: number) => string {
  const { t, i18n } = useTranslation();
  return (bytes) => {
    const format = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
    if (bytes < 1024) return t('common.units.bytes', { value: format(bytes) });
    if (bytes < 1024 * 1024) return t('common.units.kilobytes', { value: format(bytes / 1024) });
    return t('common.units.megabytes', { value: format(bytes / 1024 / 1024) });
  };
}

/** The state of a report: waiting, building with its progress, ready until its purge, or failed. */
function StateCell({ job }: { job: ReportJob }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant('local');
  if (job.state === 'running') {
    return (
      <div data-testid="report-state" style={{ minWidth: 120 }}>
        {t('project.reports.list.states.running')}
        <Progress percent={job.progress} size="small" />
      </div>
    );
  }
  const color = { queued: 'default', done: 'green', failed: 'red', running: 'blue' }[job.state];
  const tag = (
    <Tag color={color} data-testid="report-state">
      {t(`project.reports.list.states.${job.state}`)}
    </Tag>
  );
  if (job.state !== 'done' || job.expiresAt === null) return tag;
  return <Tooltip title={t('project.reports.list.keptUntil', { at: formatInstant(job.expiresAt) })}>{tag}</Tooltip>;
}

/** What a report covers: its networks (project reports), or its devices (device reports). */
function useScopeText(): (job: ReportJob) => string {
  const { t } = useTranslation();
  return (job) => {
    const names = job.networks.map((network) => network.name).join(', ');
    if (job.kind === 'project' || !job.target) return names;
    const devices =
      job.target.kind === 'network'
        ? t('project.reports.node.targets.network')
        : t(`project.reports.list.${job.target.kind}`, { count: job.target.ids.length });
    return `${names} · ${devices}`;
  };
}

/**
 * The kept reports of a project: who asked and when, the period, what they cover (networks and sections, or
 * devices), format and size, and their state; a ready one downloads through a signed link.
 */
export function ReportJobTable({ jobs, loading }: { jobs: readonly ReportJob[]; loading: boolean }) {
  const { t } = useTranslation();
  const formatInstant = useFormatInstant('local');
  const periodText = useReportPeriodText();
  const scopeText = useScopeText();
  const sizeText = useSizeText();
  const [fetching, setFetching] = useState<number | null>(null);
  const handleDownload = async (job: ReportJob) => {
    setFetching(job.id);
    try {
      await downloadReport(job.fileName!);
    } catch (error) {
      reportError(error);
    } finally {
      setFetching(null);
    }
  };
  const columns: TableColumnsType<ReportJob> = [
    {
      key: 'createdAt',
      title: t('project.reports.list.columns.createdAt'),
      render: (_, job) => formatInstant(job.createdAt),
    },
    {
      key: 'requestedBy',
      title: t('project.reports.list.columns.requestedBy'),
      render: (_, job) => job.requestedBy.name,
    },
    { key: 'period', title: t('project.reports.list.columns.period'), render: (_, job) => periodText(job) },
    { key: 'scope', title: t('project.reports.list.columns.scope'), render: (_, job) => scopeText(job) },
    {
      key: 'sections',
      title: t('project.reports.list.columns.sections'),
      render: (_, job) => job.sections.map((section) => t(`project.reports.sections.${section}`)).join(', '),
    },
    {
      key: 'format',
      title: t('project.reports.list.columns.format'),
      render: (_, job) => t(`project.reports.formats.${job.format}`),
    },
    {
      key: 'size',
      title: t('project.reports.list.columns.size'),
      align: 'right',
      render: (_, job) => (job.size === null ? '' : sizeText(job.size)),
    },
    { key: 'state', title: t('project.reports.list.columns.state'), render: (_, job) => <StateCell job={job} /> },
    {
      key: 'actions',
      title: t('project.reports.list.columns.actions'),
      render: (_, job) =>
        job.state === 'done' && job.fileName ? (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={fetching === job.id}
            onClick={() => void handleDownload(job)}
            data-testid="report-download"
          >
            {t('project.reports.list.download')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Table<ReportJob>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={[...jobs]}
      columns={jobs.some((job) => job.kind === 'project') ? columns : columns.filter((c) => c.key !== 'sections')}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('project.reports.list.empty') }}
      data-testid="report-jobs"
    />
  );
}
