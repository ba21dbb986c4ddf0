import { EditOutlined } from '@ant-design/icons';
import type { Zone } from '@lightwell/domain';
import { Button, Card, Flex, Slider, Space, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNetworkDetailQuery } from '../../../api/zone';
import { EmptyState, emptyLocale } from '../../../components/empty-state';
import { nameColumn, TABLE_SCROLL } from '../../../components/table-columns';
import { GatewaySelector } from '../../../features/control/gateway-selector';
import { type DevicesSummary, summariseDevices, zoneDevices } from '../../../features/control/light-look';
import { LiveStatusTag } from '../../../features/control/live-status';
import { TaskProgress } from '../../../features/control/task-progress';
import { useLevelSlider } from '../../../features/control/use-level-slider';
import { type NetworkControl, useNetworkControl } from '../../../features/control/use-network-control';
import { useLiveNetwork } from '../../../features/live';
import { useTablePagination } from '../../../hooks/use-table-pagination';
import { builtPathOfIndex } from '../../../route-table';
import { useLivePlan } from '../use-live-plan';

type ZoneRow = Zone & { summary: DevicesSummary };

/** The zones of network `nid` with their member counts as reported, and per-zone on/off/dim. */
export function ZoneControl({ nid }: { nid: number }) {
  const { t } = useTranslation();
  const plan = useLivePlan(nid);
  const live = useLiveNetwork(nid);
  const control = useNetworkControl(nid);
  const pagination = useTablePagination();
  const navigate = useNavigate();
  const canDraw = Boolean(useNetworkDetailQuery(nid).data?.abilities.edit);
  const zonesPath = builtPathOfIndex('2-2-2');
  const rows = useMemo<ZoneRow[]>(
    () =>
      plan.zones.map((zone) => ({ ...zone, summary: summariseDevices(zoneDevices(zone.id, plan.nodes, plan.byNode)) })),
    [plan.zones, plan.nodes, plan.byNode],
  );
  return (
    <Card
      title={t('menu.remote.zone')}
      extra={
        <Space wrap>
          <LiveStatusTag status={live} />
          <GatewaySelector choice={control.choice} />
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <TaskProgress taskId={control.taskId} />
        <Table<ZoneRow>
          rowKey="id"
          loading={plan.loading}
          dataSource={rows}
          pagination={pagination}
          locale={emptyLocale(
            plan.loading,
            <EmptyState
              description={t('control.zones.empty')}
              action={
                canDraw && zonesPath
                  ? {
                      label: t('control.zones.openZones'),
                      icon: <EditOutlined />,
                      onClick: () => void navigate(zonesPath),
                    }
                  : undefined
              }
              testId="zones-empty"
            />,
          )}
          scroll={TABLE_SCROLL}
          columns={[
            nameColumn<ZoneRow>({ title: t('control.zones.name'), text: (row) => row.name }),
            {
              title: t('control.zones.members'),
              key: 'members',
              render: (_, row) => (
                <Space size={4} wrap>
                  <Tag>{t('control.zones.devices', { count: row.summary.count })}</Tag>
                  <Tag color="gold">{t('control.zones.on', { count: row.summary.on })}</Tag>
                  {row.summary.offline > 0 && (
                    <Tag color="red">{t('control.zones.offline', { count: row.summary.offline })}</Tag>
                  )}
                </Space>
              ),
            },
            {
              title: t('control.zones.actions'),
              key: 'actions',
              fixed: 'right',
              render: (_, row) => <ZoneActions row={row} control={control} />,
            },
          ]}
        />
      </Flex>
    </Card>
  );
}

function ZoneActions({ row, control }: { row: ZoneRow; control: NetworkControl }) {
  const { t } = useTranslation();
  const target = { kind: 'zone' as const, ids: [row.id] };
  const count = row.summary.count;
  const slider = useLevelSlider(row.summary.level, (value) => control.sendLight(target, { lightness: value }, count));
  return (
    <span className="lw-row-actions">
      <Button
        size="small"
        type="primary"
        aria-label={t('control.actions.onNamed', { name: row.name })}
        loading={control.pending}
        onClick={() => control.sendLight(target, { onOff: 1 }, count)}
      >
        {t('control.actions.on')}
      </Button>
      <Button
        size="small"
        aria-label={t('control.actions.offNamed', { name: row.name })}
        loading={control.pending}
        onClick={() => control.sendLight(target, { onOff: 0 }, count)}
      >
        {t('control.actions.off')}
      </Button>
      <Slider
        ariaLabelForHandle={t('control.zones.dim', { name: row.name })}
        style={{ width: 140 }}
        min={0}
        max={100}
        {...slider}
      />
    </span>
  );
}
