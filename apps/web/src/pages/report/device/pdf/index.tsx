import { PrinterOutlined } from '@ant-design/icons';
import { formatCivilDate, localDateOf } from '@lightwell/domain';
import { Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDeviceReportPrintQuery } from '../../../../api/report';
import { PrintState } from '../../../../components/print-state';
import { NetworkReportHeader } from '../../../../features/report-header/report-header-block';
import { readDevicePrintQuery } from '../../../../features/reports/device-print-link';
import { useFormatInstant } from '../../../../hooks/use-format-instant';
import { useSession } from '../../../../stores/session';
import { DayPrintTable, DevicePrintTable } from './components/device-print-tables';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="lw-print__section">
      <Typography.Title level={4}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/**
 * The device report as a printout (/report/device/pdf, bare layout, print CSS): opened in a new tab from
 * the node report download page (2-4) with `?nid=` and `span=` or `from=&to=`, and `zones=` or `devices=`.
 * The project's header block (`/setting/header`) leads it, pages are numbered when printed (`.lw-print`),
 * times and days are the site's. The figures are those of the downloads (`reportDevicePrint`).
 */
export function DeviceReportPrintPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = readDevicePrintQuery(params);
  const report = useDeviceReportPrintQuery(query);
  const formatInstant = useFormatInstant();
  const timeFormat = useSession((state) => state.timeFormat);
  if (!query) {
    return (
      <PrintState
        kind="badLink"
        title={t('project.reports.print.badLink')}
        hint={t('project.reports.print.badLinkHint')}
      />
    );
  }
  if (report.isError) return <PrintState kind="error" message={report.error.message} />;
  if (!report.data) return <PrintState kind="loading" />;
  const data = report.data;
  const zone = data.network.timeZone;
  const day = (at: number) => formatCivilDate(localDateOf(at, zone), timeFormat);
  return (
    <div className="lw-print" data-testid="device-printout">
      <NetworkReportHeader nid={data.network.nid} />
      <div className="lw-print__head">
        <div>
          <Typography.Title level={3}>{t('project.reports.print.title')}</Typography.Title>
          <Typography.Text>
            {t('project.reports.print.network', { project: data.network.projectName, network: data.network.name })}
          </Typography.Text>
        </div>
        <Space orientation="vertical" size={0}>
          <Typography.Text data-testid="print-period">
            {t('common.format.rangeInZone', { from: day(data.period.start), to: day(data.period.end - 1), zone })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('project.reports.print.generated', { at: formatInstant(data.generatedAt, { timeZone: zone }) })}
          </Typography.Text>
        </Space>
        <Button className="lw-print__toolbar" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('project.reports.print.print')}
        </Button>
      </div>
      <Section title={t('project.reports.print.devices', { count: data.devices.length })}>
        <DevicePrintTable report={data} />
      </Section>
      <Section title={t('project.reports.print.days')}>
        <DayPrintTable days={data.days} />
      </Section>
    </div>
  );
}
