import type { NetworkEnergy } from '@lightwell/domain';
import { Alert, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnergyFormat } from '../../../../features/energy/format';
import { MainSourceBadge } from '../../../../features/energy/source-badges';

type ZoneRow = NetworkEnergy['zones'][number];

/** Wh kept to whole mWh, so sums of fractional Wh compare exactly. */
const toMilli = (wh: number) => Math.round(wh * 1000);

/**
 * Energy of the zones and of the devices in no zone: the zones, then a row for the rest when the
 * network used more than its zones did, so the total row always equals the overview's energy. Zones
 * adding up to more than the network is a fault of the figures and is said, not hidden.
 */
function zoneTotals(zones: readonly ZoneRow[], totalWh: number) {
  const zonesMilli = zones.reduce((sum, zone) => sum + toMilli(zone.energyWh), 0);
  const restMilli = toMilli(totalWh) - zonesMilli;
  return {
    zonesWh: zonesMilli / 1000,
    outsideWh: restMilli > 0 ? restMilli / 1000 : 0,
    excessWh: restMilli < 0 ? -restMilli / 1000 : 0,
    triggers: zones.reduce((sum, zone) => sum + zone.triggers, 0),
  };
}

/** The zones of the overview: energy, main source and sensor triggers, with the network's total. */
export function ZoneTable({ zones, totalWh }: { zones: readonly ZoneRow[]; totalWh: number }) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
  const totals = zoneTotals(zones, totalWh);
  const rows: (ZoneRow & { outside?: boolean })[] = [
    ...zones,
    ...(totals.outsideWh > 0
      ? [
          {
            id: -1,
            name: t('statistics.zoneTable.outside'),
            energyWh: totals.outsideWh,
            bySource: { meter: 0, d4i: 0, estimate: 0 },
            triggers: 0,
            outside: true,
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={8}>
      {totals.excessWh > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('statistics.zoneTable.excess', {
            zones: format.energy(totals.zonesWh),
            total: format.energy(totalWh),
          })}
        />
      )}
      <Table<ZoneRow & { outside?: boolean }>
        size="small"
        rowKey="id"
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="zone-table"
        columns={[
          {
            title: t('statistics.columns.zone'),
            key: 'name',
            render: (_, row) =>
              row.outside ? <Typography.Text type="secondary">{row.name}</Typography.Text> : row.name,
          },
          {
            title: t('statistics.columns.energy'),
            key: 'energy',
            align: 'right',
            render: (_, row) => <span data-value={row.energyWh}>{format.energy(row.energyWh)}</span>,
          },
          {
            title: t('statistics.columns.source'),
            key: 'source',
            render: (_, row) => <MainSourceBadge wh={row.bySource} />,
          },
          {
            title: t('statistics.columns.triggers'),
            key: 'triggers',
            align: 'right',
            render: (_, row) =>
              row.outside ? '—' : <span data-triggers={row.triggers}>{format.triggers(row.triggers)}</span>,
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>
              <Typography.Text strong>{t('statistics.zoneTable.total')}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <Typography.Text strong data-testid="zone-total" data-value={totals.zonesWh + totals.outsideWh}>
                {format.energy(totals.zonesWh + totals.outsideWh)}
              </Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} />
            <Table.Summary.Cell index={3} align="right">
              {format.triggers(totals.triggers)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Flex>
  );
}
