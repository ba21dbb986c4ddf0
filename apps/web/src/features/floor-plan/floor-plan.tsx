import { DEFAULT_FLOOR_PLAN_VIEW, fitFloorPlanView, openingFloorPlanView } from '@lightwell/domain';
import type Konva from 'konva';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanColors } from './colors';
import { FloorPlanToolbar } from './floor-plan-toolbar';
import { nodePosition } from './node-drawing';
import type { FloorPlanProps, FloorPlanTool } from './types';
import { useDrawingKeys } from './use-drawing-keys';
import { useElementSize } from './use-element-size';
import { usePlanEdits } from './use-plan-edits';
import { usePlanGestures } from './use-plan-gestures';
import { usePlanImage } from './use-plan-image';
import { usePlanLayers } from './use-plan-layers';
import { type StageHandlers, usePlanStage } from './use-plan-stage';
import { useStageView } from './use-stage-view';

/**
 * The network map (spec section 2): floor-plan picture, zones and nodes on one Konva stage, used
 * for viewing and editing alike. Pan by dragging, zoom with the buttons or the wheel (0.125 steps
 * around the pointer); while drawing, Escape cancels and Enter closes a polygon. In edit mode: draw rectangle and polygon zones, drag zone
 * corners, zone names, nodes and node names. Presentational: data in, changes out through the
 * callbacks; positions are image pixels of `imageSize`. Without a `view` (the user saved none) the
 * whole plan is shown fitted to the map area, and refitted when the area changes size, until the first
 * pan or zoom reports a view. The Konva stage has id `floor-plan` (`window.Konva.stages`) for browser tests.
 */
export function FloorPlan(props: FloorPlanProps) {
  const { imageUrl, imageSize, nodes, view, mode, height = 600 } = props;
  const { t } = useTranslation();
  const hintId = useId();
  const containerRef = useRef<HTMLElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const handlersRef = useRef<StageHandlers>(null);
  const size = useElementSize(containerRef);
  const image = usePlanImage(imageUrl);
  const shown = useMemo(
    () => (view || size.width > 0 ? openingFloorPlanView(view, imageSize, size) : DEFAULT_FLOOR_PLAN_VIEW),
    [view, imageSize, size],
  );
  // Created before the stage view's layout effect reads the stage.
  const layers = usePlanStage(hostRef, stageRef, size, handlersRef);
  const stageView = useStageView(stageRef, shown, props.onViewChange);
  const [tool, setTool] = useState<FloorPlanTool>('select');
  const editable = mode === 'edit';
  const edits = usePlanEdits(props);
  const { handlers, draft, nodeDrag, cancel, closePolygon } = usePlanGestures({
    stageRef,
    stageView,
    mode,
    tool,
    setTool,
    imageSize,
    zones: edits.zones,
    nodes,
    moved: edits.moved,
    selectZone: edits.selectZone,
    selectNode: edits.selectNode,
    dropNode: edits.dropNode,
    onZoneCreate: props.onZoneCreate,
  });

  useLayoutEffect(() => {
    handlersRef.current = handlers;
  }, [handlers]);
  useEffect(() => {
    if (!editable) setTool('select');
  }, [editable]);
  useEffect(() => {
    if (tool === 'select') cancel();
  }, [tool, cancel]);
  useDrawingKeys(tool !== 'select', { onCancel: () => setTool('select'), onFinish: closePolygon });

  const selectedZone = useMemo(
    () => edits.zones.find((zone) => zone.id === edits.selectedZoneId) ?? null,
    [edits.zones, edits.selectedZoneId],
  );
  const selectedNode = useMemo(() => {
    const node = nodes.find((n) => n.id === edits.selectedNodeId);
    if (!node) return null;
    const at = nodePosition(node, edits.moved);
    return { ...node, positionX: at.x, positionY: at.y };
  }, [nodes, edits.selectedNodeId, edits.moved]);
  const dragged = useMemo(() => {
    const node = nodeDrag && nodes.find((n) => n.id === nodeDrag.id);
    return node && nodeDrag ? { ...node, positionX: nodeDrag.at.x, positionY: nodeDrag.at.y } : null;
  }, [nodes, nodeDrag]);

  usePlanLayers(layers, {
    image,
    imageSize,
    zones: edits.zones,
    selectedZoneId: edits.selectedZoneId,
    editable,
    tool,
    nodes,
    nodeDragId: nodeDrag?.id ?? null,
    selectedNodeId: edits.selectedNodeId,
    priorityId: selectedNode?.id ?? null,
    moved: edits.moved,
    zoom: shown.zoom,
    zone: selectedZone,
    node: selectedNode && selectedNode.id !== nodeDrag?.id ? selectedNode : null,
    dragged,
    draft,
    moveZoneName: edits.moveZoneName,
    moveCorner: edits.moveCorner,
    dropCorner: edits.dropCorner,
    moveNodeName: edits.moveNodeName,
  });

  const centre = () => ({ x: size.width / 2, y: size.height / 2 });
  const drawing = editable && tool !== 'select';
  const hint = t(drawing ? `floorPlan.hint.${tool}` : editable ? 'floorPlan.hint.select' : 'floorPlan.hint.view');
  return (
    <div
      className="lw-floor-plan"
      data-testid="floor-plan"
      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      <FloorPlanToolbar
        zoom={shown.zoom}
        mode={mode}
        tool={tool}
        onTool={setTool}
        onZoomIn={() => stageView.step(1, centre())}
        onZoomOut={() => stageView.step(-1, centre())}
        onReset={() => stageView.commit({ ...DEFAULT_FLOOR_PLAN_VIEW })}
        onFit={() => stageView.commit(fitFloorPlanView(imageSize, size))}
        hint={hint}
        hintId={hintId}
      />
      <section
        ref={containerRef}
        aria-label={t('floorPlan.summary', { zones: props.zones.length, nodes: nodes.length })}
        aria-describedby={hintId}
        data-testid="floor-plan-canvas"
        style={{
          height,
          position: 'relative',
          overflow: 'hidden',
          background: PlanColors.canvas,
          cursor: drawing ? 'crosshair' : 'grab',
          touchAction: 'none',
        }}
      >
        <div ref={hostRef} />
      </section>
    </div>
  );
}
