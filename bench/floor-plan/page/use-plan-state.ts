import type { PlanPoint, ZoneShapeValue } from '@lightwell/domain';
import { useMemo, useState } from 'react';
import type { FloorPlanNode, FloorPlanProps, FloorPlanZone } from '../../../apps/web/src/features/floor-plan';

/** A callback the map made, as logged in window.__events. */
export type PlanEvent = [name: string, ...args: unknown[]];

/**
 * The plan as a page would hold it: every callback is applied to the zones and nodes (as if saved)
 * and logged to `log`, so the page can be driven by hand or by a script.
 */
export function usePlanState(initial: { zones: FloorPlanZone[]; nodes: FloorPlanNode[] }, log: PlanEvent[]) {
  const [zones, setZones] = useState(initial.zones);
  const [nodes, setNodes] = useState(initial.nodes);
  const [selectedZoneId, setSelectedZoneId] = useState<number | null>(null);

  const callbacks = useMemo(() => {
    const patchZone = (id: number, patch: Partial<FloorPlanZone>) =>
      setZones((list) => list.map((zone) => (zone.id === id ? { ...zone, ...patch } : zone)));
    const patchNode = (id: number, patch: Partial<FloorPlanNode>) =>
      setNodes((list) => list.map((node) => (node.id === id ? { ...node, ...patch } : node)));
    return {
      onZoneCreate: (points: PlanPoint[], shape: ZoneShapeValue) => {
        log.push(['zoneCreate', points, shape]);
        setZones((list) => [
          ...list,
          { id: list.length + 1000, name: `New ${list.length + 1}`, points, shape, bgColor: '#ffe58f' },
        ]);
      },
      onZoneChange: (id: number, patch: { points: PlanPoint[] }) => {
        log.push(['zoneChange', id, patch]);
        patchZone(id, patch);
      },
      onZoneSelect: (id: number | null) => {
        log.push(['zoneSelect', id]);
        setSelectedZoneId(id);
      },
      onNodeSelect: (id: number | null) => log.push(['nodeSelect', id]),
      onNodeMove: (id: number, x: number, y: number, zoneId: number | null) => {
        log.push(['nodeMove', id, x, y, zoneId]);
        patchNode(id, { positionX: x, positionY: y, zoneId });
      },
      onNodeNameMove: (id: number, x: number, y: number) => {
        log.push(['nodeNameMove', id, x, y]);
        patchNode(id, { namePositionX: x, namePositionY: y });
      },
      onZoneNameMove: (id: number, x: number, y: number) => {
        log.push(['zoneNameMove', id, x, y]);
        patchZone(id, { zoneNamePositionX: x, zoneNamePositionY: y });
      },
    } satisfies Partial<FloorPlanProps>;
  }, [log]);

  return { zones, nodes, selectedZoneId, callbacks };
}
