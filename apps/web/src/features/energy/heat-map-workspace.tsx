import type { HeatMap } from '@lightwell/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Select, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNetworkDetailQuery, useZoneMapQuery } from '../../api/zone';
import { HeatMapView, isHeatMapEmpty } from './heat-map-view';
import { PeriodPicker } from './period-picker';
import { ReadingsEmpty } from './readings-empty';
import type { EnergyPeriodChoice } from './use-energy-period';
import { usePeriodText } from './use-period-text';

/** Props of {@link HeatMapWorkspace}. */
export interface HeatMapWorkspaceProps {
  nid: number;
  /** Catalogue key of the map's name (the menu title). */
  titleKey: string;
  rows: 'zone' | 'device';
  period: EnergyPeriodChoice;
  query: UseQueryResult<HeatMap | null>;
}

/**
 * A heat map page of the current network: its name, the period picker (and, for device maps, the zone
 * filter), then the map, an empty state saying what to do, or why it could not be loaded.
 */
export function HeatMapWorkspace({ nid, titleKey, rows, period, query }: HeatMapWorkspaceProps) {
  const { t } = useTranslation();
  const network = useNetworkDetailQuery(nid);
  const map = query.data;
  const periodText = usePeriodText(map?.period);
  return (
    <Card
      title={t('common.format.nameWithDetail', { name: t(titleKey), detail: network.data?.name ?? '' })}
      extra={
        <Space wrap>
          {rows === 'device' && <ZoneFilter nid={nid} value={period.zid} onChange={period.setZid} />}
          <PeriodPicker value={period.span} onChange={period.setSpan} />
        </Space>
      }
      data-testid="heat-page"
    >
      {periodText && (
        <Typography.Paragraph type="secondary" data-testid="period-text">
          {periodText}
        </Typography.Paragraph>
      )}
      {query.isError ? (
        <Alert type="error" showIcon title={t('statistics.loadFailed')} />
      ) : query.isLoading ? (
        <Spin aria-label={t('common.loading')} />
      ) : map && !isHeatMapEmpty(map) ? (
        <HeatMapView nid={nid} map={map} rows={rows} />
      ) : (
        <ReadingsEmpty />
      )}
    </Card>
  );
}

/** Zone filter of the device maps: all zones, or the devices of one zone. */
function ZoneFilter({ nid, value, onChange }: { nid: number; value?: number; onChange: (zid?: number) => void }) {
  const { t } = useTranslation();
  const zones = useZoneMapQuery(nid).data?.zones ?? [];
  return (
    <Select<number>
      aria-label={t('statistics.heat.zoneFilter')}
      placeholder={t('statistics.heat.allZones')}
      allowClear
      value={value}
      onChange={(zid) => onChange(zid ?? undefined)}
      style={{ minWidth: 170 }}
      options={zones.map((zone) => ({ value: zone.id, label: zone.name }))}
      data-testid="zone-filter"
    />
  );
}
