import type { DeviceReport, DeviceReportDay, DeviceReportRow } from '@lightwell/domain';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';

/** Numbers in the reader's format with fixed decimals. */
function useNumber(): (value: number, decimals: number) => string {
  const { i18n } = useTranslation();
  return (value, decimals) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
      value,
    );
}

const kWh = (wh: number) => Math.round(wh) / 1000;
const hours = (seconds: number) => seconds / 3600;

/** The devices of a device report with their period figures, as the PDF download lists them. */
export function DevicePrintTable({ report }: { report: DeviceReport }) {
  const { t } = useTranslation();
  const number = useNumber();
  const column = (key: string) => t(`project.reports.print.columns.${key}`);
  const optional = (value: number | null, format: (v: number) => string) => (value === null ? '' : format(value));
  const columns: TableColumnsType<DeviceReportRow> = [
    { key: 'name', title: column('device'), dataIndex: 'name' },
    { key: 'zone', title: column('zone'), render: (_, row) => row.zoneName ?? '' },
    {
      key: 'kind',
      title: column('kind'),
      render: (_, row) => t(`device.kind.${row.kind}`, { defaultValue: row.kind }),
    },
    { key: 'on', title: column('onHours'), align: 'right', render: (_, row) => number(hours(row.onSeconds), 2) },
    { key: 'energy', title: column('energyKWh'), align: 'right', render: (_, row) => number(kWh(row.energyWh), 3) },
    {
      key: 'source',
      title: column('source'),
      render: (_, row) => (row.source ? t(`energy.source.${row.source}`) : ''),
    },
    { key: 'triggers', title: column('triggers'), align: 'right', render: (_, row) => number(row.triggers, 0) },
    {
      key: 'd4iTime',
      title: column('d4iOperatingHours'),
      align: 'right',
      render: (_, row) => optional(row.d4iOperatingSeconds, (v) => number(hours(v), 2)),
    },
    {
      key: 'd4iPeriod',
      title: column('d4iOperatingInPeriod'),
      align: 'right',
      render: (_, row) => optional(row.d4iOperatingSecondsInPeriod, (v) => number(hours(v), 2)),
    },
    {
      key: 'd4iEnergy',
      title: column('d4iEnergyKWh'),
      align: 'right',
      render: (_, row) => optional(row.d4iEnergyWh, (v) => number(kWh(v), 3)),
    },
    {
      key: 'faulty',
      title: column('faultyNow'),
      render: (_, row) => (row.faulty ? t('project.reports.print.faulty') : ''),
    },
    { key: 'faults', title: column('faultsOpened'), align: 'right', render: (_, row) => number(row.faultsOpened, 0) },
  ];
  return (
    <Table<DeviceReportRow>
      rowKey="id"
      size="small"
      bordered
      pagination={false}
      dataSource={report.devices}
      columns={columns}
      rowClassName={(row) => (row.faulty ? 'lw-grade-cell--missing' : '')}
      locale={{ emptyText: t('project.reports.print.noDevices') }}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={3}>
            {column('total')}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            {number(hours(report.totals.onSeconds), 2)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} align="right">
            <span data-testid="print-total-energy">{number(kWh(report.totals.energyWh), 3)}</span>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={5} />
          <Table.Summary.Cell index={6} align="right">
            {number(report.totals.triggers, 0)}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={7} colSpan={5} />
        </Table.Summary.Row>
      )}
      data-testid="print-devices"
    />
  );
}

/** The selection's local days: daily usage (seconds on), on-time, energy and triggers. */
export function DayPrintTable({ days }: { days: DeviceReportDay[] }) {
  const { t } = useTranslation();
  const number = useNumber();
  const column = (key: string) => t(`project.reports.print.columns.${key}`);
  const columns: TableColumnsType<DeviceReportDay> = [
    { key: 'date', title: column('date'), dataIndex: 'date' },
    { key: 'usage', title: column('usageSeconds'), align: 'right', render: (_, day) => number(day.onSeconds, 0) },
    { key: 'on', title: column('onHours'), align: 'right', render: (_, day) => number(hours(day.onSeconds), 2) },
    { key: 'energy', title: column('energyKWh'), align: 'right', render: (_, day) => number(kWh(day.energyWh), 3) },
    { key: 'triggers', title: column('triggers'), align: 'right', render: (_, day) => number(day.triggers, 0) },
  ];
  return (
    <Table<DeviceReportDay>
      rowKey="date"
      size="small"
      bordered
      pagination={false}
      dataSource={days}
      columns={columns}
      data-testid="print-days"
    />
  );
}
