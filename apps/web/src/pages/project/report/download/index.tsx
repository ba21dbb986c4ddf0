import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PickerCard } from '../../../../components/picker-card';
import { ReportJobTable } from '../../../../features/reports/report-job-table';
import { submitReport } from '../../../../features/reports/submit-report';
import { ProjectReportForm } from './components/project-report-form';
import { useReportDownloadPage } from './use-report-download-page';

/**
 * Report download (/project/report/download, 2-3): a project report of some or all of a project's networks
 * for a period, with the chosen sections (energy, cost, CO2 and savings, emergency lighting, equipment) as
 * PDF, CSV or XLSX. It is built in the background with its progress in the list, which the page reads again
 * while one is being built; the user may leave and come back, and finished reports are kept 30 days.
 */
export function ProjectReportDownloadPage() {
  const { t } = useTranslation();
  const page = useReportDownloadPage();
  const handleSubmit = () => submitReport(page.submit, t);
  return (
    <div className="lw-stack">
      <PickerCard
        label={t('project.reports.form.project')}
        value={page.pid}
        options={page.projects}
        loading={page.loading}
        onChange={page.setPid}
        testId="report-project"
      />
      {page.pid === null && !page.loading && <Empty description={t('project.reports.download.noNetworks')} />}
      {page.pid !== null && (
        <>
          <ProjectReportForm
            networks={page.networks}
            choice={page.choice}
            onChange={page.setChoice}
            today={page.today}
            submitting={page.submitting}
            onSubmit={() => void handleSubmit()}
          />
          <Card title={t('project.reports.list.title')}>
            <Typography.Paragraph type="secondary">{t('project.reports.list.intro')}</Typography.Paragraph>
            <ReportJobTable jobs={page.list.data ?? []} loading={page.list.isLoading} />
          </Card>
        </>
      )}
    </div>
  );
}
