import { PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScheduleReportQuery } from '../../../../api/emergency';
import { PRINT_PATHS } from '../../../../features/emergency/export-bar';
import { printSearch, yearOf, yearPeriod } from '../../../../features/emergency/period';
import { ScheduleMatrix } from '../../../../features/emergency/schedule-matrix';
import { useTimeZone } from '../../../../hooks/use-format-instant';
import { EmergencyGate, type EmergencyScope } from '../../components/emergency-gate';

/** Schedule report (/emergency/schedule/report, 5-5): every fitting's grade per month of a year. */
export function EmergencyScheduleReportPage() {
  return <EmergencyGate>{(scope) => <ScheduleReportView scope={scope} />}</EmergencyGate>;
}

function ScheduleReportView({ scope }: { scope: EmergencyScope }) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone('network', scope.nid);
  const thisYear = yearOf(Math.floor(Date.now() / 1000), timeZone);
  const [year, setYear] = useState(thisYear);
  const report = useScheduleReportQuery(scope.nid, year);
  return (
    <Card
      title={t('emergencyPages.report.title', { network: scope.networkName })}
      data-testid="schedule-report"
      extra={
        <Space wrap>
          <Select<number>
            aria-label={t('emergencyPages.report.year')}
            data-testid="report-year"
            value={year}
            onChange={setYear}
            options={Array.from({ length: 6 }, (_, back) => ({
              value: thisYear - back,
              label: String(thisYear - back),
            }))}
          />
          <Button
            icon={<PrinterOutlined />}
            href={`${PRINT_PATHS.schedule}?${printSearch(scope.nid, yearPeriod(year, timeZone))}`}
            target="_blank"
            rel="noopener"
            data-testid="print-schedule"
          >
            {t('emergencyPages.export.print.schedule')}
          </Button>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title={t('emergencyPages.report.legend', { zone: report.data?.timeZone ?? timeZone })}
        />
        {report.data === null ? (
          <Alert type="info" title={t('emergencyPages.report.noFittings')} />
        ) : (
          <ScheduleMatrix report={report.data ?? { year, timeZone, rows: [] }} language={i18n.language} />
        )}
      </Space>
    </Card>
  );
}
