import { useTranslation } from 'react-i18next';
import { ReportDownloadLayout } from '../../../../features/reports/report-download-layout';
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
    <ReportDownloadLayout
      picker={{ ...page.picker, label: t('project.reports.form.project'), testId: 'report-project' }}
      empty={t('project.reports.download.noNetworks')}
      jobs={page.list}
    >
      <ProjectReportForm
        networks={page.networks}
        choice={page.choice}
        onChange={page.setChoice}
        today={page.today}
        submitting={page.submitting}
        onSubmit={() => void handleSubmit()}
      />
    </ReportDownloadLayout>
  );
}
