import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Form, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { devicePrintHref } from '../../../../../features/reports/device-print-link';
import { ReportDownloadLayout } from '../../../../../features/reports/report-download-layout';
import { ReportPeriodPicker } from '../../../../../features/reports/report-period';
import { submitReport } from '../../../../../features/reports/submit-report';
import { FormatChoice } from '../../components/format-choice';
import { DeviceTargetField } from './components/device-target-field';
import { useNodeReportPage } from './use-node-report-page';

/**
 * Node report download (/project/report/download/node, 2-4): per device of a network (all of them, some
 * zones or some devices) for a period: daily usage, energy with its source, on-time, sensor triggers, D4i
 * operating time and energy and faults, as PDF, CSV or XLSX, built in the background like the project
 * reports (2-3), or shown at once as a printout (/report/device/pdf) in a new tab.
 */
export function NodeReportDownloadPage() {
  const { t } = useTranslation();
  const page = useNodeReportPage();
  const handleSubmit = () => submitReport(page.submit, t);
  return (
    <ReportDownloadLayout
      picker={{ ...page.picker, label: t('project.reports.node.network'), testId: 'report-network' }}
      empty={t('project.reports.node.noNetwork')}
      jobs={page.list}
    >
      <Card title={t('project.reports.node.formTitle')}>
        <Typography.Paragraph type="secondary">{t('project.reports.node.intro')}</Typography.Paragraph>
        <Form layout="vertical" onFinish={() => void handleSubmit()} data-testid="node-report-form">
          <Form.Item label={t('project.reports.node.devices')}>
            <DeviceTargetField
              kind={page.targetKind}
              onKind={page.setTargetKind}
              zones={page.zones}
              zoneIds={page.zoneIds}
              onZones={page.setZoneIds}
              devices={page.devices}
              deviceIds={page.deviceIds}
              onDevices={page.setDeviceIds}
              onSearch={page.setSearch}
              searching={page.devicesLoading}
            />
          </Form.Item>
          <Form.Item label={t('project.reports.form.period')} extra={t('project.reports.form.periodHelp')}>
            <ReportPeriodPicker value={page.period} onChange={page.setPeriod} today={page.today} />
          </Form.Item>
          <Form.Item label={t('project.reports.form.format')}>
            <FormatChoice value={page.format} onChange={page.setFormat} />
          </Form.Item>
          <Space wrap>
            <Button
              type="primary"
              htmlType="submit"
              loading={page.submitting}
              disabled={page.target === null}
              data-testid="report-create"
            >
              {t('project.reports.form.create')}
            </Button>
            <Button
              icon={<PrinterOutlined />}
              disabled={page.target === null}
              href={
                page.target && page.nid !== null
                  ? devicePrintHref({ nid: page.nid, period: page.period, target: page.target })
                  : undefined
              }
              target="_blank"
              rel="noopener"
              data-testid="report-print"
            >
              {t('project.reports.node.print')}
            </Button>
          </Space>
        </Form>
      </Card>
    </ReportDownloadLayout>
  );
}
