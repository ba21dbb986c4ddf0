import type { PlanNode, ZoneMap } from '@lightwell/domain';
import { useMemo } from 'react';
import { useDeviceStateQuery } from '../../api/control';
import { useZoneMapQuery } from '../../api/zone';
import { devicesByNode, type LightState, lightLook } from '../../features/control/light-look';
import type { FloorPlanNode } from '../../features/floor-plan';
import type { DeviceStateRow } from '../../features/live/merge';

/** A plan node drawn from its device's reported state; `live` lets browser tests read what the plan shows. */
export type LivePlanNode = PlanNode & FloorPlanNode & { deviceId: number | null; live: LightState; output: number };

const EMPTY_MAP: ZoneMap = { zones: [], nodes: [] };
const NO_DEVICES: readonly DeviceStateRow[] = [];

/** The network's zones, and its nodes coloured by the REPORTED state of the devices behind them. */
export function useLivePlan(nid: number) {
  const map = useZoneMapQuery(nid);
  const states = useDeviceStateQuery(nid);
  const devices = (states.data?.devices as readonly DeviceStateRow[] | undefined) ?? NO_DEVICES;
  const byNode = useMemo(() => devicesByNode(devices), [devices]);
  const data = map.data ?? EMPTY_MAP;
  const nodes = useMemo<LivePlanNode[]>(
    () =>
      data.nodes.map((node) => {
        const device = byNode.get(node.id);
        const look = lightLook(device);
        return {
          ...node,
          fill: look.fill,
          mark: look.mark,
          deviceId: device?.id ?? null,
          live: look.state,
          output: look.output,
        };
      }),
    [data.nodes, byNode],
  );
  return { zones: data.zones, nodes, devices, byNode, loading: map.isLoading || states.isLoading, failed: map.isError };
}
