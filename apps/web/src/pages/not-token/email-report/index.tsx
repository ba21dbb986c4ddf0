import { Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePublicReportQuery } from '../../../api/emergency';
import { faultColumns, TestRecordTable } from '../../../features/emergency/record-tables';
import { useFormatInstant } from '../../../hooks/use-format-instant';
import { LinkGate } from '../components/link-parts';

/**
 * Public self-test and fault report (/not/token/emailReport/selfTestAndFault?link=…), reached only through
 * the signed, expiring link of a report e-mail: that period's tests and faults of one network.
 */
export function SelfTestAndFaultLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const link = params.get('link') ?? '';
  const query = usePublicReportQuery(link);
  const formatInstant = useFormatInstant('local');
  return (
    <LinkGate link={link} query={query}>
      {(report) => {
        const format = (at: number) => formatInstant(at, { timeZone: report.network.timeZone });
        return (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Title level={3}>{t('emergencyPages.link.reportTitle')}</Typography.Title>
            <Typography.Text>
              {t('emergencyPages.print.network', { project: report.network.projectName, network: report.network.name })}
            </Typography.Text>
            <Typography.Text>
              {t('emergencyPages.print.period', { from: format(report.from), to: format(report.to - 1) })} ·{' '}
              {t('emergencyPages.link.zone', { zone: report.network.timeZone })}
            </Typography.Text>
            <Typography.Title level={4}>{t('emergencyPages.print.sections.tests')}</Typography.Title>
            <TestRecordTable rows={report.tests} format={format} empty={t('emergencyPages.tests.empty')} />
            <Typography.Title level={4}>{t('emergencyPages.print.sections.faults')}</Typography.Title>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={report.faults}
              columns={faultColumns(t, format)}
              locale={{ emptyText: t('emergencyPages.faults.empty') }}
            />
          </Space>
        );
      }}
    </LinkGate>
  );
}
