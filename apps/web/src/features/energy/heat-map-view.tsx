import { type HeatMap, Limits } from '@lightwell/domain';
import { Flex, Switch, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../stores/session';
import { useEnergyFormat } from './format';
import { HeatMatrix } from './heat-matrix';
import { HeatPlan } from './heat-plan';
import { MainSourceBadge, SourceBadges } from './source-badges';

/** Props of {@link HeatMapView}. */
export interface HeatMapViewProps {
  nid: number;
  map: HeatMap;
  /** What a row is: a zone or a device. */
  rows: 'zone' | 'device';
}

/**
 * A heat map with readings (data pages 1-3 to 1-7): the period's total with its sources, the
 * hour-of-week matrix with the "lit while unoccupied" overlay, each row's total, and the floor plan
 * replaying the period.
 */
export function HeatMapView({ nid, map, rows }: HeatMapViewProps) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
  const weekStart = useSession((state) => state.weekStart);
  const [overlay, setOverlay] = useState(false);
  const sums = useMemo(() => heatSums(map), [map]);
  const unoccupied = (value: number) =>
    map.unit === 'Wh' ? format.energy(value) : t('common.units.hours', { value: format.number(value, 1) });
  return (
    <Flex vertical gap={16} data-testid="heat-map" data-unit={map.unit}>
      <Flex align="center" gap={16} wrap>
        <Typography.Text strong data-testid="heat-total" data-value={sums.total}>
          {t('statistics.heat.total', { value: format.heat(sums.total, map.unit) })}
        </Typography.Text>
        {map.unit === 'Wh' && <SourceBadges wh={sums.bySource} />}
        <Flex align="center" gap={8}>
          <Switch
            checked={overlay}
            onChange={setOverlay}
            aria-label={t('statistics.heat.overlay')}
            data-testid="overlay"
          />
          <Typography.Text>
            {t('statistics.heat.overlayTotal', { value: unoccupied(sums.litUnoccupied) })}
          </Typography.Text>
        </Flex>
      </Flex>
      <HeatMatrix
        rows={map.rows}
        unit={map.unit}
        weekStart={weekStart}
        overlay={overlay}
        timeZone={map.period.timeZone}
      />
      <Table
        size="small"
        rowKey="id"
        dataSource={map.rows}
        pagination={
          map.rows.length > Limits.defaultPageSize
            ? { pageSize: Limits.defaultPageSize, showSizeChanger: false }
            : false
        }
        scroll={{ x: 'max-content' }}
        data-testid="heat-rows"
        columns={[
          { title: t(rows === 'zone' ? 'statistics.columns.zone' : 'statistics.columns.device'), dataIndex: 'name' },
          {
            title: t(map.unit === 'Wh' ? 'statistics.columns.energy' : 'statistics.columns.triggers'),
            key: 'total',
            align: 'right',
            render: (_, row) => <span data-value={row.total}>{format.heat(row.total, map.unit)}</span>,
          },
          ...(map.unit === 'Wh'
            ? [
                {
                  title: t('statistics.columns.source'),
                  key: 'source',
                  render: (_: unknown, row: HeatMap['rows'][number]) => <MainSourceBadge wh={row.bySource} />,
                },
              ]
            : []),
          {
            title: t('statistics.heat.overlay'),
            key: 'unoccupied',
            align: 'right',
            render: (_, row) => unoccupied(row.litUnoccupied),
          },
        ]}
      />
      <HeatPlan nid={nid} map={map} rows={rows} />
    </Flex>
  );
}

/** A heat map's totals over its rows: value, Wh by source, and lit-while-unoccupied. */
function heatSums(map: HeatMap) {
  const bySource = { meter: 0, d4i: 0, estimate: 0 };
  let total = 0;
  let litUnoccupied = 0;
  for (const row of map.rows) {
    total += row.total;
    litUnoccupied += row.litUnoccupied;
    bySource.meter += row.bySource.meter;
    bySource.d4i += row.bySource.d4i;
    bySource.estimate += row.bySource.estimate;
  }
  return { total, bySource, litUnoccupied };
}

/** True when a heat map has nothing to show: no rows, or no value in any of them. */
export function isHeatMapEmpty(map: HeatMap | null | undefined): boolean {
  return !map || map.rows.every((row) => row.total === 0 && row.cells.every((cell) => cell === 0));
}
