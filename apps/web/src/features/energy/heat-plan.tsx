import { DEFAULT_IMAGE_SIZE, type FloorPlanView, type HeatMap } from '@lightwell/domain';
import { Empty, Flex, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceStateQuery } from '../../api/control';
import { useFileUrlQuery } from '../../api/file';
import { useNetworkDetailQuery, useZoneMapQuery } from '../../api/zone';
import { devicesByNode } from '../control/light-look';
import { FloorPlan } from '../floor-plan';
import type { DeviceStateRow } from '../live/merge';
import { useEnergyFormat } from './format';
import { FrameSlider, useFrameReplay } from './frame-replay';
import { HEAT_COLORS, heatColor } from './heat-colors';

const PLAN_HEIGHT = 'max(360px, calc(100vh - 420px))';
/** Zones drawn at 70 % (the plan's own zone colours are lighter): the picture stays readable under them. */
const ZONE_ALPHA = 'b3';

/** Props of {@link HeatPlan}. */
export interface HeatPlanProps {
  nid: number;
  map: HeatMap;
  /** Rows are zones (zones coloured) or devices (their nodes coloured). */
  rows: 'zone' | 'device';
}

/**
 * The rows of a heat map on the network's floor plan, drawn by the plan renderer of /remote/index: zones
 * or device nodes coloured by their value in the frame the time slider shows, with a legend; the slider
 * replays the period frame by frame (hourly up to 15 days, daily beyond).
 */
export function HeatPlan({ nid, map, rows }: HeatPlanProps) {
  const { t } = useTranslation();
  const format = useEnergyFormat();
  const network = useNetworkDetailQuery(nid);
  const image = useFileUrlQuery(network.data?.image);
  const zoneMap = useZoneMapQuery(nid);
  const states = useDeviceStateQuery(rows === 'device' ? nid : null);
  const replay = useFrameReplay(map.frames.length);
  const [view, setView] = useState<FloorPlanView | null>(null);
  const max = useMemo(() => Math.max(0, ...map.frames.flatMap((frame) => frame.values)), [map.frames]);
  const values = useMemo(() => {
    const frame = map.frames[replay.index];
    return new Map(map.rows.map((row, i) => [row.id, frame?.values[i] ?? 0]));
  }, [map.frames, map.rows, replay.index]);
  const byNode = useMemo(
    () => devicesByNode((states.data?.devices as readonly DeviceStateRow[] | undefined) ?? []),
    [states.data],
  );
  const zones = useMemo(
    () =>
      (zoneMap.data?.zones ?? []).map((zone) =>
        rows === 'zone' && values.has(zone.id)
          ? { ...zone, bgColor: `${heatColor(values.get(zone.id)!, max)}${ZONE_ALPHA}` }
          : zone,
      ),
    [zoneMap.data, rows, values, max],
  );
  const nodes = useMemo(
    () =>
      (zoneMap.data?.nodes ?? []).map((node) => {
        const device = byNode.get(node.id);
        const value = rows === 'device' && device ? values.get(device.id) : undefined;
        return value === undefined ? node : { ...node, fill: heatColor(value, max) };
      }),
    [zoneMap.data, byNode, rows, values, max],
  );
  const detail = network.data;
  return (
    <Flex vertical gap={12} data-testid="heat-plan">
      <FrameSlider
        starts={map.frames.map((frame) => frame.start)}
        frameUnit={map.frameUnit}
        timeZone={map.period.timeZone}
        replay={replay}
      />
      <HeatLegend low={format.heat(0, map.unit)} high={format.heat(max, map.unit)} />
      {detail && zoneMap.data ? (
        <FloorPlan
          imageUrl={image.data ?? null}
          imageSize={detail.imageSize ?? DEFAULT_IMAGE_SIZE}
          zones={zones}
          nodes={nodes}
          view={view}
          mode="view"
          height={PLAN_HEIGHT}
          onViewChange={setView}
        />
      ) : network.isError || zoneMap.isError ? (
        <Empty description={t('statistics.heat.planUnavailable')} />
      ) : (
        <Spin aria-label={t('common.loading')} />
      )}
    </Flex>
  );
}

/** The colour scale of the plan, lowest to highest value of the period's frames. */
function HeatLegend({ low, high }: { low: string; high: string }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={8} wrap data-testid="heat-legend">
      <Typography.Text type="secondary">{t('statistics.heat.legend')}</Typography.Text>
      <Typography.Text>{low}</Typography.Text>
      <span
        aria-hidden
        style={{
          width: 160,
          height: 12,
          borderRadius: 2,
          background: `linear-gradient(to right, ${HEAT_COLORS.join(', ')})`,
        }}
      />
      <Typography.Text>{high}</Typography.Text>
    </Flex>
  );
}
