import {
  moveRectangleCorner,
  normaliseZonePoints,
  type PlanPoint,
  type PlanSize,
  ZoneShapeKind,
} from '@lightwell/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FloorPlanNode, FloorPlanProps, FloorPlanZone } from './types';
import { useLatest } from './use-latest';

type EditCallbacks = Pick<
  FloorPlanProps,
  'onZoneChange' | 'onZoneSelect' | 'onNodeSelect' | 'onNodeMove' | 'onNodeNameMove' | 'onZoneNameMove'
>;

/** Input of {@link usePlanEdits}. */
export interface PlanEditsInput extends EditCallbacks {
  zones: readonly FloorPlanZone[];
  nodes: readonly FloorPlanNode[];
  imageSize: PlanSize;
  selectedZoneId?: number | null;
  selectedNodeId?: number | null;
}

/**
 * Selection and in-progress edits of the map. A dragged corner or a dropped node is shown at once
 * and kept until new `zones` or `nodes` arrive from the page (which saves what the callbacks
 * report), so nothing jumps back while a save is under way. Every callback it returns is stable.
 */
export function usePlanEdits(input: PlanEditsInput) {
  const latest = useLatest(input);
  const [ownZone, setOwnZone] = useState<number | null>(null);
  const [ownNode, setOwnNode] = useState<number | null>(null);
  const selectedZoneId = input.selectedZoneId === undefined ? ownZone : input.selectedZoneId;
  const selectedNodeId = input.selectedNodeId === undefined ? ownNode : input.selectedNodeId;
  const selected = useRef({ zone: selectedZoneId, node: selectedNodeId });
  selected.current = { zone: selectedZoneId, node: selectedNodeId };

  // Edits made against one `zones` / `nodes` array; a new array from the page replaces them.
  const [corners, setCorners] = useState<{ for: readonly FloorPlanZone[]; id: number; points: PlanPoint[] } | null>(
    null,
  );
  const [dropped, setDropped] = useState<{ for: readonly FloorPlanNode[]; at: Map<number, PlanPoint> } | null>(null);
  const draftCorners = corners?.for === input.zones ? corners : null;
  const moved = useMemo(
    () => (dropped?.for === input.nodes ? dropped.at : new Map<number, PlanPoint>()),
    [dropped, input.nodes],
  );

  const zones = useMemo(
    () =>
      draftCorners
        ? input.zones.map((zone) => (zone.id === draftCorners.id ? { ...zone, points: draftCorners.points } : zone))
        : input.zones,
    [input.zones, draftCorners],
  );

  const selectZone = useCallback(
    (id: number | null) => {
      if (selected.current.zone === id) return;
      setOwnZone(id);
      latest.current.onZoneSelect?.(id);
    },
    [latest],
  );

  const selectNode = useCallback(
    (id: number | null) => {
      if (selected.current.node === id) return;
      setOwnNode(id);
      latest.current.onNodeSelect?.(id);
    },
    [latest],
  );

  const moveCorner = useCallback(
    (zone: FloorPlanZone, index: number, to: PlanPoint) => {
      const points =
        zone.shape === ZoneShapeKind.rectangle
          ? moveRectangleCorner(zone.points, index, to)
          : zone.points.map((point, i) => (i === index ? to : point));
      setCorners({ for: latest.current.zones, id: zone.id, points });
    },
    [latest],
  );

  const dropCorner = useCallback(
    (zone: FloorPlanZone) => {
      const points = normaliseZonePoints(zone.points, zone.shape, latest.current.imageSize);
      setCorners({ for: latest.current.zones, id: zone.id, points });
      latest.current.onZoneChange?.(zone.id, { points });
    },
    [latest],
  );

  const dropNode = useCallback(
    (id: number, at: PlanPoint, zoneId: number | null) => {
      const nodes = latest.current.nodes;
      setDropped((current) => ({ for: nodes, at: new Map(current?.for === nodes ? current.at : []).set(id, at) }));
      latest.current.onNodeMove?.(id, at.x, at.y, zoneId);
    },
    [latest],
  );

  const moveZoneName = useCallback(
    (id: number, x: number, y: number) => latest.current.onZoneNameMove?.(id, x, y),
    [latest],
  );
  const moveNodeName = useCallback(
    (id: number, x: number, y: number) => latest.current.onNodeNameMove?.(id, x, y),
    [latest],
  );

  return {
    zones,
    moved,
    selectedZoneId,
    selectedNodeId,
    selectZone,
    selectNode,
    moveCorner,
    dropCorner,
    dropNode,
    moveZoneName,
    moveNodeName,
  };
}
