import type { Group } from '@lightwell/domain';
import { useMemo, useState } from 'react';
import { zoneDevices } from '../../../features/control/light-look';
import type { DeviceStateRow } from '../../../features/live/merge';
import type { useLivePlan } from '../use-live-plan';
import type { PlanSelection } from './components/target-panel';

/** What was picked: a zone or a node on the plan, or a group from the list. */
export type Picked = { kind: 'zone' | 'node' | 'group'; id: number } | null;

/** The picked zone, device or group as a control target with its reported devices. */
export function usePlanSelection(plan: ReturnType<typeof useLivePlan>, groups: readonly Group[]) {
  const [picked, setPicked] = useState<Picked>(null);
  const selection = useMemo((): PlanSelection | null => {
    if (picked?.kind === 'zone') {
      const zone = plan.zones.find((z) => z.id === picked.id);
      if (!zone) return null;
      const devices = zoneDevices(zone.id, plan.nodes, plan.byNode);
      return { target: { kind: 'zone', ids: [zone.id] }, name: zone.name, devices };
    }
    if (picked?.kind === 'node') {
      const node = plan.nodes.find((n) => n.id === picked.id);
      if (!node) return null;
      const device = plan.byNode.get(node.id);
      return {
        target: { kind: 'device', ids: device ? [device.id] : [] },
        name: node.name,
        devices: device ? [device] : [],
      };
    }
    if (picked?.kind === 'group') {
      const group = groups.find((g) => g.id === picked.id);
      if (!group) return null;
      const members = new Set(group.deviceIds);
      const devices = plan.devices.filter((device: DeviceStateRow) => members.has(device.id));
      return { target: { kind: 'group', ids: [group.id] }, name: group.name, devices };
    }
    return null;
  }, [picked, plan.zones, plan.nodes, plan.byNode, plan.devices, groups]);
  return { picked, setPicked, selection };
}
