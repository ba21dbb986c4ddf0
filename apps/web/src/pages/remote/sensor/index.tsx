import type { SensorSummary } from '@lightwell/domain';
import { Card, Flex, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSensorListQuery } from '../../../api/device';
import { useNetworkDetailQuery } from '../../../api/zone';
import { EmptyState, emptyLocale } from '../../../components/empty-state';
import { NetworkGate } from '../../../features/control/network-gate';
import { deviceIdentityColumns, devicePagination } from '../../../features/devices/device-columns';
import { PeriodPicker } from '../../../features/energy/period-picker';
import { spanKey } from '../../../features/energy/spans';
import { useEnergyPeriod } from '../../../features/energy/use-energy-period';
import { DiagnosisPanel } from '../../../features/sensor-diagnosis/diagnosis-panel';
import { useFormatInstant } from '../../../hooks/use-format-instant';
import { useSession } from '../../../stores/session';

/**
 * Sensor page (/remote/sensor, 4-9): motion and light sensors with trigger counts over a chosen period (the
 * heat maps' periods, kept in the address like theirs, so a sensor's count equals its heat-map row), last
 * trigger and lux, and the sensor trigger diagnosis tasks of the network.
 */
export function RemoteSensorPage() {
  return <NetworkGate>{(nid) => <SensorWorkspace nid={nid} />}</NetworkGate>;
}

function SensorWorkspace({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const network = useNetworkDetailQuery(nid);
  const pageSize = useSession((state) => state.pageNumber);
  const [page, setPage] = useState(1);
  const { span, setSpan } = useEnergyPeriod();
  const sensors = useSensorListQuery(nid, page, pageSize, span);
  const canEdit = Boolean(network.data?.abilities.edit);
  return (
    <Flex vertical gap={16}>
      <Card
        title={t('device.page.sensorTitle', { network: network.data?.name ?? '' })}
        extra={<PeriodPicker value={span} onChange={setSpan} />}
        data-testid="sensor-page"
      >
        <SensorTable
          period={t(spanKey(span))}
          rows={sensors.data?.list ?? []}
          total={sensors.data?.total ?? 0}
          page={page}
          pageSize={pageSize}
          loading={sensors.isLoading}
          onPageChange={setPage}
        />
      </Card>
      <DiagnosisPanel nid={nid} canEdit={canEdit} />
    </Flex>
  );
}

/** Props of {@link SensorTable}. */
export interface SensorTableProps {
  /** Name of the period the trigger counts cover ("Last 7 days"). */
  period: string;
  rows: readonly SensorSummary[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  onPageChange: (page: number) => void;
}

/** Sensors of a network: kind, model, MAC, presence, trigger count over `period`, last trigger (user's time format), lux. */
export function SensorTable({ period, rows, total, page, pageSize, loading, onPageChange }: SensorTableProps) {
  const { t } = useTranslation();
  const formatDateTime = useFormatInstant();
  return (
    <Table<SensorSummary>
      rowKey="id"
      loading={loading}
      dataSource={[...rows]}
      locale={emptyLocale(loading, <EmptyState description={t('device.empty.sensors')} testId="sensors-empty" />)}
      pagination={devicePagination(page, pageSize, total, onPageChange)}
      scroll={{ x: 'max-content' }}
      columns={[
        ...deviceIdentityColumns<SensorSummary>(t),
        {
          title: t('device.columns.status'),
          key: 'status',
          render: (_, s) => (
            <Tag color={s.online ? 'green' : 'default'}>
              {t(s.online ? 'device.status.online' : 'device.status.offline')}
            </Tag>
          ),
        },
        { title: t('device.columns.triggerCountIn', { period }), dataIndex: 'triggerCount', align: 'right' },
        {
          title: t('device.columns.lastTrigger'),
          key: 'lastTrigger',
          render: (_, s) =>
            s.lastTriggeredAt === null ? t('device.never') : formatDateTime(s.lastTriggeredAt, { precision: 'second' }),
        },
        {
          title: t('device.columns.lux'),
          key: 'lux',
          align: 'right',
          render: (_, s) => (s.lux === null ? '—' : t('common.units.lux', { value: s.lux })),
        },
      ]}
    />
  );
}
