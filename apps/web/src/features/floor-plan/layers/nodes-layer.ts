import { type PlanPoint, visibleImageRect } from '@lightwell/domain';
import type Konva from 'konva';
import { Layer, Shape } from '../konva';
import { drawNodes } from '../node-drawing';
import type { FloorPlanNode } from '../types';

/** What {@link NodesLayer} shows. */
export interface NodesLayerProps {
  nodes: readonly FloorPlanNode[];
  /** The node being dragged (drawn by the overlay instead). */
  hiddenNodeId: number | null;
  /** The node whose name is a draggable text in the overlay. */
  hiddenNameId: number | null;
  moved: ReadonlyMap<number, PlanPoint>;
  /** Viewing: names that would overlap one already drawn are left out; the priority node's first. */
  declutter: boolean;
  priorityId: number | null;
}

/**
 * Every node drawn by one Konva shape (id `nodes`) that never listens: per frame it draws only the
 * nodes in view, icons batched by colour, names only when readable (and, viewing, not overlapping). The node list is the shape's
 * `nodes` attribute, which e2e tests can read from the stage. Pointer work on nodes (hit, drag)
 * is done by the map's gestures with the domain's `findNodeAt`, so no hit graph is drawn.
 */
export class NodesLayer {
  readonly layer = new Layer({ name: 'nodes', listening: false });
  private readonly shape: Shape = new Shape({
    id: 'nodes',
    name: 'nodes',
    sceneFunc: drawNodesScene,
    listening: false,
    perfectDrawEnabled: false,
  });

  constructor() {
    this.layer.add(this.shape);
  }

  /** Shows `props`. */
  update(props: NodesLayerProps) {
    this.shape.setAttrs(props);
    this.layer.batchDraw();
  }
}

function drawNodesScene(context: Konva.Context, shape: Konva.Shape) {
  const stage = shape.getStage();
  const nodes = shape.getAttr('nodes') as readonly FloorPlanNode[] | undefined;
  if (!stage || !nodes) return;
  const zoom = stage.scaleX();
  const visible = visibleImageRect({ zoom, imgX: stage.x(), imgY: stage.y() }, stage.size());
  drawNodes(context._context, nodes, visible, zoom, {
    hiddenNodeId: shape.getAttr('hiddenNodeId') as number | null,
    hiddenNameId: shape.getAttr('hiddenNameId') as number | null,
    moved: shape.getAttr('moved') as ReadonlyMap<number, PlanPoint>,
    declutter: shape.getAttr('declutter') as boolean,
    priorityId: shape.getAttr('priorityId') as number | null,
  });
}
