import { PrinterOutlined } from '@ant-design/icons';
import { Button, Space, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEmergencyPrintoutQuery } from '../../../../api/emergency';
import { PrintState } from '../../../../components/print-state';
import type { PrintPart } from '../../../../features/emergency/export-bar';
import { FaultAdvice, FaultSummary } from '../../../../features/emergency/fault-view';
import { lastTwelveMonths, readPrintSearch } from '../../../../features/emergency/period';
import { faultColumns, TestRecordTable } from '../../../../features/emergency/record-tables';
import { ScheduleMatrix } from '../../../../features/emergency/schedule-matrix';
import { NetworkReportHeader } from '../../../../features/report-header/report-header-block';
import { useFormatInstant, useTimeZone } from '../../../../hooks/use-format-instant';
import { useSession } from '../../../../stores/session';
import { ElementPrintTable } from './components/element-print-table';

/** Now, in epoch seconds, rounded down to the minute so the period stays the same across renders. */
const nowSeconds = () => Math.floor(Date.now() / 60_000) * 60;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="lw-print__section">
      <Typography.Title level={4}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/**
 * A printout of a network's emergency record for a period (bare layout, print CSS): opened in a new tab
 * from the emergency pages with `?nid=&from=&to=`; without them, the current network's last twelve
 * months. Times in the site's zone, as the heading says. The project's header block (`/setting/header`)
 * leads it, and printed pages are numbered (`.lw-print` in global.css).
 */
function Printout({ part }: { part: PrintPart }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const currentNid = useSession((state) => state.nid);
  const nid = Number(params.get('nid') ?? currentNid ?? Number.NaN);
  const zone = useTimeZone('network', Number.isInteger(nid) ? nid : null);
  // Without a period the printout covers the last twelve months in the site's zone.
  const search =
    readPrintSearch(params) ??
    (Number.isInteger(nid) && nid > 0 && !params.has('from') ? { nid, ...lastTwelveMonths(nowSeconds(), zone) } : null);
  const printout = useEmergencyPrintoutQuery(search && { ...search, part });
  const formatInstant = useFormatInstant();
  if (!search) {
    return (
      <PrintState
        kind="badLink"
        title={t('emergencyPages.print.badLink')}
        hint={t('emergencyPages.print.badLinkHint')}
      />
    );
  }
  if (printout.isError) return <PrintState kind="error" message={printout.error.message} />;
  if (!printout.data) return <PrintState kind="loading" />;
  const data = printout.data;
  const timeZone = data.network.timeZone;
  const format = (at: number) => formatInstant(at, { timeZone });
  const show = (wanted: PrintPart) => part === 'all' || part === wanted;
  return (
    <div className="lw-print" data-testid="emergency-printout">
      <NetworkReportHeader nid={data.network.nid} />
      <div className="lw-print__head">
        <div>
          <Typography.Title level={3}>{t(`emergencyPages.print.titles.${part}`)}</Typography.Title>
          <Typography.Text>
            {t('emergencyPages.print.network', { project: data.network.projectName, network: data.network.name })}
          </Typography.Text>
        </div>
        <Space orientation="vertical" size={0}>
          <Typography.Text>
            {t('emergencyPages.print.period', { from: format(data.from), to: format(data.to - 1) })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('emergencyPages.print.generated', { at: format(data.generatedAt), zone: timeZone })}
          </Typography.Text>
        </Space>
        <Button className="lw-print__toolbar" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('emergencyPages.print.print')}
        </Button>
      </div>
      {show('all') && part === 'all' && (
        <Section title={t('emergencyPages.print.sections.elements')}>
          <ElementPrintTable rows={data.elements} format={format} />
        </Section>
      )}
      {show('selfTest') && (
        <Section title={t('emergencyPages.print.sections.tests')}>
          <TestRecordTable rows={data.tests} format={format} empty={t('emergencyPages.tests.empty')} />
        </Section>
      )}
      {show('schedule') &&
        data.schedule.map((report) => (
          <Section key={report.year} title={t('emergencyPages.print.sections.schedule', { year: report.year })}>
            <ScheduleMatrix report={report} language={i18n.language} />
          </Section>
        ))}
      {show('fault') && (
        <Section title={t('emergencyPages.print.sections.faults')}>
          <Table
            rowKey="id"
            size="small"
            bordered
            pagination={false}
            dataSource={data.faults}
            columns={faultColumns(t, format)}
            locale={{ emptyText: t('emergencyPages.faults.empty') }}
            expandable={{
              defaultExpandAllRows: true,
              expandedRowRender: (fault) => (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <FaultSummary fault={fault} format={format} />
                  <FaultAdvice fault={fault} />
                </Space>
              ),
            }}
          />
        </Section>
      )}
    </div>
  );
}

/** Printout of the whole record (/emergency/element/report): fittings, tests, schedule matrix, faults. */
export function EmergencyReportPage() {
  return <Printout part="all" />;
}

/** Printout of the self-test records (/emergency/element/report/self/test). */
export function EmergencySelfTestReportPage() {
  return <Printout part="selfTest" />;
}

/** Printout of the schedule matrix (/emergency/element/report/schedule). */
export function EmergencyScheduleReportPrintPage() {
  return <Printout part="schedule" />;
}

/** Printout of the faults with their workflow (/emergency/element/report/fault). */
export function EmergencyFaultReportPage() {
  return <Printout part="fault" />;
}
