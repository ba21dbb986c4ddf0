import {
  clampPointToImage,
  findNodeAt,
  findZoneAt,
  type PlanPoint,
  type PlanSize,
  screenToImage,
  ZoneShapeKind,
} from '@lightwell/domain';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import { type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { CLICK_SLOP_PX, distance, NODE_GRAB_PX, polygonClick, polygonZone, rectangleZone } from './drawing';
import { nodePosition } from './node-drawing';
import type { FloorPlanNode, FloorPlanProps, FloorPlanTool, FloorPlanZone } from './types';
import { useLatest } from './use-latest';
import type { StageView } from './use-stage-view';
import { useWindowDrag } from './use-window-drag';

/** A shape being drawn, shown by the overlay layer. */
export type DrawDraft =
  | { kind: 'rectangle'; a: PlanPoint; b: PlanPoint }
  | { kind: 'polygon'; points: PlanPoint[]; hover: PlanPoint | null };

/** A node being dragged: where its icon is now. */
export interface NodeDrag {
  id: number;
  at: PlanPoint;
}

/** Konva attribute naming the zone a shape belongs to (zone names carry it). */
const ZONE_ID_ATTR = 'zoneId';

type Gesture =
  | { kind: 'pan'; start: PlanPoint; last: PlanPoint; moved: boolean }
  | { kind: 'node'; id: number; start: PlanPoint; grab: PlanPoint; moved: boolean }
  | { kind: 'rectangle'; start: PlanPoint; a: PlanPoint };

/** What the gestures read; kept in a ref so window listeners see the latest. */
export interface GestureInput extends Pick<FloorPlanProps, 'onZoneCreate'> {
  stageRef: RefObject<Konva.Stage | null>;
  stageView: StageView;
  mode: FloorPlanProps['mode'];
  tool: FloorPlanTool;
  setTool: (tool: FloorPlanTool) => void;
  imageSize: PlanSize;
  zones: readonly FloorPlanZone[];
  nodes: readonly FloorPlanNode[];
  moved: ReadonlyMap<number, PlanPoint>;
  selectZone: (id: number | null) => void;
  selectNode: (id: number | null) => void;
  dropNode: (id: number, at: PlanPoint, zoneId: number | null) => void;
}

function screenPoint(stage: Konva.Stage, event: { clientX: number; clientY: number }): PlanPoint {
  const rect = stage.container().getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

/** Nodes at their just-dropped positions. */
function withMoved(nodes: readonly FloorPlanNode[], moved: ReadonlyMap<number, PlanPoint>): readonly FloorPlanNode[] {
  if (moved.size === 0) return nodes;
  return nodes.map((node) => {
    const at = nodePosition(node, moved);
    return at.x === node.positionX && at.y === node.positionY ? node : { ...node, positionX: at.x, positionY: at.y };
  });
}

/**
 * Pointer handling of the map: drag on empty space pans (the stage moves, nothing re-renders), a
 * click selects a node or the top-most zone; in edit mode a node is dragged and dropped onto a
 * zone, a rectangle is dragged out (a click gives the 100×100 default), and a polygon is clicked
 * corner by corner (a double-click on the last corner, Enter or a click on the first corner closes
 * it). Konva's own double-click is not used: it fires for two quick clicks anywhere, which would
 * close a briskly drawn polygon. Konva drags its draggable shapes (corner handles, names) itself.
 */
export function usePlanGestures(input: GestureInput) {
  const latest = useLatest(input);
  const lastCornerAt = useRef(0);
  const [draft, setDraft] = useState<DrawDraft | null>(null);
  const [nodeDrag, setNodeDrag] = useState<NodeDrag | null>(null);
  const draftRef = useLatest(draft);

  const imageAt = useCallback((screen: PlanPoint) => screenToImage(latest.current.stageView.live(), screen), [latest]);
  const clampedAt = useCallback(
    (screen: PlanPoint, grab = { x: 0, y: 0 }) => {
      const image = imageAt(screen);
      return clampPointToImage({ x: image.x - grab.x, y: image.y - grab.y }, latest.current.imageSize);
    },
    [latest, imageAt],
  );

  const closePolygon = useCallback(() => {
    const current = draftRef.current;
    const points = current?.kind === 'polygon' ? polygonZone(current.points, latest.current.imageSize) : null;
    if (!points) return;
    setDraft(null);
    latest.current.setTool('select');
    latest.current.onZoneCreate?.(points, ZoneShapeKind.polygon);
  }, [latest, draftRef]);

  const click = useCallback(
    (screen: PlanPoint) => {
      const { mode, tool, nodes, zones, moved, stageView } = latest.current;
      if (mode === 'edit' && tool === 'polygon') {
        const points = draftRef.current?.kind === 'polygon' ? draftRef.current.points : [];
        const action = polygonClick(points, screen, stageView.live(), performance.now() - lastCornerAt.current);
        if (action === 'close') closePolygon();
        if (action !== 'add') return;
        lastCornerAt.current = performance.now();
        setDraft({ kind: 'polygon', points: [...points, clampedAt(screen)], hover: null });
        return;
      }
      const image = imageAt(screen);
      const nodeId = findNodeAt(image, withMoved(nodes, moved), NODE_GRAB_PX / stageView.live().zoom);
      latest.current.selectNode(nodeId);
      latest.current.selectZone(nodeId === null ? findZoneAt(image, zones) : null);
    },
    [latest, draftRef, imageAt, clampedAt, closePolygon],
  );

  const drag = useWindowDrag<Gesture>({
    onMove: (gesture, event) => {
      const stage = latest.current.stageRef.current;
      if (!stage) return;
      const screen = screenPoint(stage, event);
      if (gesture.kind === 'rectangle') {
        setDraft({ kind: 'rectangle', a: gesture.a, b: clampedAt(screen) });
        return;
      }
      if (!gesture.moved && distance(screen, gesture.start) < CLICK_SLOP_PX) return;
      gesture.moved = true;
      if (gesture.kind === 'node') {
        setNodeDrag({ id: gesture.id, at: clampedAt(screen, gesture.grab) });
        return;
      }
      // Deltas from the last position, so a wheel zoom during the pan is kept.
      const view = latest.current.stageView.live();
      const { x, y } = gesture.last;
      latest.current.stageView.show({ ...view, imgX: view.imgX + screen.x - x, imgY: view.imgY + screen.y - y });
      gesture.last = screen;
      stage.container().style.cursor = 'grabbing';
    },
    onEnd: (gesture, event, cancelled) => {
      const { stageRef, stageView, imageSize, zones } = latest.current;
      const stage = stageRef.current;
      if (!stage) return;
      stage.container().style.cursor = '';
      const screen = screenPoint(stage, event);
      setNodeDrag(null);
      if (gesture.kind === 'rectangle') {
        setDraft(null);
        latest.current.setTool('select');
        const points = cancelled
          ? null
          : rectangleZone(gesture.a, clampedAt(screen), distance(screen, gesture.start), imageSize);
        if (points) latest.current.onZoneCreate?.(points, ZoneShapeKind.rectangle);
      } else if (gesture.moved && gesture.kind === 'pan') {
        stageView.commit();
      } else if (gesture.moved && gesture.kind === 'node' && !cancelled) {
        const at = clampedAt(screen, gesture.grab);
        latest.current.dropNode(gesture.id, at, findZoneAt(at, zones));
      } else if (!cancelled) {
        click(screen);
      }
    },
  });

  const onPointerDown = useCallback(
    (e: KonvaEventObject<PointerEvent>) => {
      const { stageRef, mode, tool, nodes, moved, stageView } = latest.current;
      const stage = stageRef.current;
      if (!stage || e.evt.button !== 0 || drag.active()) return;
      // Corner handles and names are dragged by Konva; pressing a zone's name selects the zone.
      const target = e.target as Konva.Node;
      if (target !== stage && target.draggable()) {
        const zoneId = target.getAttr(ZONE_ID_ATTR) as unknown;
        if (typeof zoneId === 'number') latest.current.selectZone(zoneId);
        return;
      }
      const start = screenPoint(stage, e.evt);
      if (mode === 'edit' && tool === 'rectangle') {
        const a = clampedAt(start);
        setDraft({ kind: 'rectangle', a, b: a });
        drag.start({ kind: 'rectangle', start, a });
        return;
      }
      const image = imageAt(start);
      const placed = withMoved(nodes, moved);
      const grabbable = mode === 'edit' && tool === 'select';
      const nodeId = grabbable ? findNodeAt(image, placed, NODE_GRAB_PX / stageView.live().zoom) : null;
      const node = placed.find((n) => n.id === nodeId);
      drag.start(
        node
          ? {
              kind: 'node',
              id: node.id,
              start,
              grab: { x: image.x - node.positionX, y: image.y - node.positionY },
              moved: false,
            }
          : { kind: 'pan', start, last: start, moved: false },
      );
    },
    [latest, drag, imageAt, clampedAt],
  );

  const onPointerMove = useCallback(
    (e: KonvaEventObject<PointerEvent>) => {
      const stage = latest.current.stageRef.current;
      if (!stage || drag.active() || draftRef.current?.kind !== 'polygon') return;
      const hover = clampedAt(screenPoint(stage, e.evt));
      setDraft((current) => (current?.kind === 'polygon' ? { ...current, hover } : current));
    },
    [latest, drag, draftRef, clampedAt],
  );

  const onWheel = useCallback(
    (e: KonvaEventObject<WheelEvent>) => {
      const stage = latest.current.stageRef.current;
      if (!stage) return;
      e.evt.preventDefault();
      latest.current.stageView.wheel(e.evt.deltaY, screenPoint(stage, e.evt));
    },
    [latest],
  );

  const cancel = useCallback(() => {
    drag.stop();
    setDraft(null);
    setNodeDrag(null);
  }, [drag]);

  const handlers = useMemo(() => ({ onPointerDown, onPointerMove, onWheel }), [onPointerDown, onPointerMove, onWheel]);
  return { handlers, draft, nodeDrag, cancel, closePolygon };
}
