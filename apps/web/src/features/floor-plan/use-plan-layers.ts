import type { PlanPoint, PlanSize } from '@lightwell/domain';
import { type RefObject, useLayoutEffect } from 'react';
import type { PlanImage } from './plan-image';
import type { FloorPlanNode, FloorPlanTool, FloorPlanZone } from './types';
import type { DrawDraft } from './use-plan-gestures';
import type { PlanLayers } from './use-plan-stage';

/** What the map shows, as {@link usePlanLayers} hands it to the layers. */
export interface PlanScene {
  image: PlanImage | null;
  imageSize: PlanSize;
  zones: readonly FloorPlanZone[];
  selectedZoneId: number | null;
  editable: boolean;
  tool: FloorPlanTool;
  nodes: readonly FloorPlanNode[];
  nodeDragId: number | null;
  selectedNodeId: number | null;
  /** Viewing: the node whose name is drawn first. */
  priorityId: number | null;
  moved: ReadonlyMap<number, PlanPoint>;
  zoom: number;
  zone: FloorPlanZone | null;
  node: FloorPlanNode | null;
  dragged: FloorPlanNode | null;
  draft: DrawDraft | null;
  moveZoneName: (id: number, x: number, y: number) => void;
  moveCorner: (zone: FloorPlanZone, index: number, to: PlanPoint) => void;
  dropCorner: (zone: FloorPlanZone) => void;
  moveNodeName: (id: number, x: number, y: number) => void;
}

/** Hands each layer what it shows whenever that changed, before the browser paints. */
export function usePlanLayers(layers: RefObject<PlanLayers | null>, scene: PlanScene) {
  const {
    image,
    imageSize,
    zones,
    selectedZoneId,
    editable,
    tool,
    nodes,
    nodeDragId,
    selectedNodeId,
    priorityId,
    moved,
  } = scene;
  const { zoom, zone, node, dragged, draft, moveZoneName, moveCorner, dropCorner, moveNodeName } = scene;
  const selecting = editable && tool === 'select';

  useLayoutEffect(() => {
    layers.current?.background.update({ image, size: imageSize });
  }, [layers, image, imageSize]);

  useLayoutEffect(() => {
    layers.current?.zones.update({
      zones,
      selectedZoneId,
      editable: selecting,
      imageSize,
      onZoneNameMove: moveZoneName,
    });
  }, [layers, zones, selectedZoneId, selecting, imageSize, moveZoneName]);

  useLayoutEffect(() => {
    layers.current?.nodes.update({
      nodes,
      hiddenNodeId: nodeDragId,
      hiddenNameId: editable ? selectedNodeId : null,
      moved,
      declutter: !editable,
      priorityId,
    });
  }, [layers, nodes, nodeDragId, editable, selectedNodeId, priorityId, moved]);

  useLayoutEffect(() => {
    layers.current?.overlay.update({
      zoom,
      editable: selecting,
      imageSize,
      zone,
      node,
      dragged,
      draft,
      onCornerMove: moveCorner,
      onCornerDrop: dropCorner,
      onNodeNameMove: moveNodeName,
    });
  }, [layers, zoom, selecting, imageSize, zone, node, dragged, draft, moveCorner, dropCorner, moveNodeName]);
}
