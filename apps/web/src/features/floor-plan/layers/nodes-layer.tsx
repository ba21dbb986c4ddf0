import { type PlanPoint, visibleImageRect } from '@lightwell/domain';
import type Konva from 'konva';
import { memo } from 'react';
import { Layer, Shape } from 'react-konva';
import { drawNodes } from '../node-drawing';
import type { FloorPlanNode } from '../types';

/** Props of {@link NodesLayer}. */
export interface NodesLayerProps {
  nodes: readonly FloorPlanNode[];
  /** The node being dragged (drawn by the overlay instead). */
  hiddenNodeId: number | null;
  /** The node whose name is a draggable text in the overlay. */
  hiddenNameId: number | null;
  moved: ReadonlyMap<number, PlanPoint>;
}

/**
 * Every node drawn by one Konva shape (id `nodes`) that never listens: per frame it draws only the
 * nodes in view, icons batched by colour, names only when readable. The node list is the shape's
 * `nodes` attribute, which e2e tests can read from the stage. Pointer work on nodes (hit, drag)
 * is done by the map's gestures with the domain's `findNodeAt`, so no hit graph is drawn.
 */
export const NodesLayer = memo(function NodesLayer({ nodes, hiddenNodeId, hiddenNameId, moved }: NodesLayerProps) {
  return (
    <Layer name="nodes" listening={false}>
      <Shape
        id="nodes"
        name="nodes"
        nodes={nodes}
        hiddenNodeId={hiddenNodeId}
        hiddenNameId={hiddenNameId}
        moved={moved}
        sceneFunc={drawNodesScene}
        listening={false}
        perfectDrawEnabled={false}
      />
    </Layer>
  );
});

function drawNodesScene(context: Konva.Context, shape: Konva.Shape) {
  const stage = shape.getStage();
  if (!stage) return;
  const zoom = stage.scaleX();
  const visible = visibleImageRect({ zoom, imgX: stage.x(), imgY: stage.y() }, stage.size());
  drawNodes(context._context, shape.getAttr('nodes') as readonly FloorPlanNode[], visible, zoom, {
    hiddenNodeId: shape.getAttr('hiddenNodeId') as number | null,
    hiddenNameId: shape.getAttr('hiddenNameId') as number | null,
    moved: shape.getAttr('moved') as ReadonlyMap<number, PlanPoint>,
  });
}
