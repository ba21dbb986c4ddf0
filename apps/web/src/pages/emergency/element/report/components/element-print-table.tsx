import { type EmergencyElement, isBatteryCharging } from '@lightwell/domain';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { LastResultCell, modeName } from '../../../../../features/emergency/grade-tag';

/** Fittings as a printout lists them: location, mode, battery, last results, next check, faults. */
export function ElementPrintTable({ rows, format }: { rows: EmergencyElement[]; format: (at: number) => string }) {
  const { t } = useTranslation();
  return (
    <Table<EmergencyElement>
      rowKey="deviceId"
      size="small"
      bordered
      pagination={false}
      dataSource={rows}
      data-testid="print-elements"
      columns={[
        { key: 'name', title: t('emergencyPages.fields.fitting'), render: (_, row) => `${row.name} (${row.mac})` },
        { key: 'zone', title: t('emergencyPages.fields.zone'), render: (_, row) => row.zoneName ?? '' },
        { key: 'mode', title: t('emergencyPages.fields.mode'), render: (_, row) => modeName(t, row.mode) },
        {
          key: 'battery',
          title: t('emergencyPages.fields.battery'),
          render: (_, row) =>
            row.batteryPercent === null
              ? t('emergencyPages.batteryUnknown')
              : isBatteryCharging(row)
                ? t('emergencyPages.batteryChargingAt', { percent: row.batteryPercent })
                : `${row.batteryPercent} %`,
        },
        {
          key: 'function',
          title: t('emergencyPages.fields.lastFunction'),
          render: (_, row) => <LastResultCell result={row.lastFunction} format={format} />,
        },
        {
          key: 'duration',
          title: t('emergencyPages.fields.lastDuration'),
          render: (_, row) => <LastResultCell result={row.lastDuration} format={format} />,
        },
        {
          key: 'next',
          title: t('emergencyPages.fields.nextCheck'),
          render: (_, row) => (row.nextCheck === null ? t('emergencyPages.na') : format(row.nextCheck)),
        },
        { key: 'faults', title: t('emergencyPages.fields.openFaults'), render: (_, row) => row.openFaults },
      ]}
    />
  );
}
