import type { ReportJob } from '@lightwell/domain';
import { Card, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerCard, type PickerCardProps } from '../../components/picker-card';
import { ReportJobTable } from './report-job-table';

/**
 * A report download page (2-3, 2-4): the picker of what it reports on and, once something is picked, the
 * page's form and the list of its reports, built in the background and kept 30 days; `empty` when there is
 * nothing to pick.
 */
export function ReportDownloadLayout({
  picker,
  empty,
  jobs,
  children,
}: {
  picker: PickerCardProps;
  empty: string;
  jobs: { data?: ReportJob[]; isLoading: boolean };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="lw-stack">
      <PickerCard {...picker} />
      {picker.value === null && !picker.loading && <Empty description={empty} />}
      {picker.value !== null && (
        <>
          {children}
          <Card title={t('project.reports.list.title')}>
            <Typography.Paragraph type="secondary">{t('project.reports.list.intro')}</Typography.Paragraph>
            <ReportJobTable jobs={jobs.data ?? []} loading={jobs.isLoading} />
          </Card>
        </>
      )}
    </div>
  );
}
