import {
  clampPointToImage,
  nodeIconSizeOrDefault,
  nodeNameSizeOrDefault,
  type PlanPoint,
  type PlanSize,
} from '@lightwell/domain';
import { createCenteredText, updateCenteredText } from '../centered-text';
import { PlanColors, statusColor } from '../colors';
import { HANDLE_PX } from '../drawing';
import { Circle, Group, Layer, type Text } from '../konva';
import { nodeNameOffset } from '../node-drawing';
import type { FloorPlanNode, FloorPlanZone } from '../types';
import type { DrawDraft } from '../use-plan-gestures';
import { draftShapes } from './draft-shape';

/** What {@link OverlayLayer} shows. */
export interface OverlayLayerProps {
  /** Settled zoom: handles keep their screen size at it. */
  zoom: number;
  editable: boolean;
  imageSize: PlanSize;
  /** Selected zone, with its corners as being dragged. */
  zone: FloorPlanZone | null;
  /** Selected node, at its current position. */
  node: FloorPlanNode | null;
  /** A node being dragged, at the pointer. */
  dragged: FloorPlanNode | null;
  draft: DrawDraft | null;
  onCornerMove: (zone: FloorPlanZone, index: number, to: PlanPoint) => void;
  onCornerDrop: (zone: FloorPlanZone) => void;
  onNodeNameMove: (id: number, x: number, y: number) => void;
}

/**
 * What sits over the plan: the selected node's ring, in edit mode the selected zone's corner
 * handles (`zone-handle`) and the selected node's draggable name, a node being dragged, and a shape
 * being drawn (`draft`). Handles and the name stay the same Konva shapes while Konva drags them.
 */
export class OverlayLayer {
  readonly layer = new Layer({ name: 'overlay' });
  private readonly ring = new Circle({
    id: 'node-selection',
    stroke: PlanColors.selection,
    strokeWidth: 2,
    strokeScaleEnabled: false,
    listening: false,
    visible: false,
  });
  private readonly nameGroup = new Group();
  private readonly handleGroup = new Group();
  private readonly dragCircle = new Circle({
    id: 'node-drag',
    stroke: PlanColors.selection,
    strokeWidth: 2,
    strokeScaleEnabled: false,
    opacity: 0.85,
    listening: false,
    visible: false,
  });
  private readonly draftGroup = new Group({ listening: false });
  private name: Text | null = null;
  private handles: Circle[] = [];
  private handlesOf: number | null = null;
  private props: OverlayLayerProps | null = null;

  constructor() {
    this.layer.add(this.ring, this.nameGroup, this.handleGroup, this.dragCircle, this.draftGroup);
  }

  /** Shows `props`. */
  update(props: OverlayLayerProps) {
    this.props = props;
    const { zoom, editable, zone, node, dragged, draft } = props;
    this.ring.visible(Boolean(node));
    if (node) {
      this.ring.setAttrs({
        x: node.positionX,
        y: node.positionY,
        radius: nodeIconSizeOrDefault(node.iconSize) / 2 + 4 / zoom,
      });
    }
    this.updateName(editable && node?.name ? node : null);
    this.updateHandles(editable ? zone : null, zoom);
    this.dragCircle.visible(Boolean(dragged));
    if (dragged) {
      this.dragCircle.setAttrs({
        x: dragged.positionX,
        y: dragged.positionY,
        radius: nodeIconSizeOrDefault(dragged.iconSize) / 2,
        fill: statusColor(dragged.status),
      });
    }
    this.draftGroup.destroyChildren();
    if (draft) this.draftGroup.add(...draftShapes(draft, zoom));
    this.layer.batchDraw();
  }

  private updateName(node: FloorPlanNode | null) {
    if (!node) {
      this.name?.destroy();
      this.name = null;
      return;
    }
    if (!this.name) {
      this.name = createCenteredText((event) => {
        const current = this.props?.node;
        if (!current || !this.props) return;
        const at = clampPointToImage(event.target.position(), this.props.imageSize);
        event.target.position(at);
        this.props.onNodeNameMove(current.id, at.x - current.positionX, at.y - current.positionY);
      });
      this.nameGroup.add(this.name);
    }
    const offset = nodeNameOffset(node);
    updateCenteredText(this.name, {
      id: `node-name-${node.id}`,
      name: 'node-name',
      text: node.name,
      x: node.positionX + offset.x,
      y: node.positionY + offset.y,
      fontSize: nodeNameSizeOrDefault(node.nameSize),
      fill: node.nameColor || PlanColors.name,
      rotation: node.nameAngle ?? 0,
      draggable: true,
    });
  }

  private updateHandles(zone: FloorPlanZone | null, zoom: number) {
    const points = zone?.points ?? [];
    if (zone?.id !== this.handlesOf || points.length !== this.handles.length) {
      this.handleGroup.destroyChildren();
      this.handlesOf = zone?.id ?? null;
      // Corners are positional: the index is the corner's identity while it is dragged.
      this.handles = points.map((_, index) => this.createHandle(index));
      if (this.handles.length > 0) this.handleGroup.add(...this.handles);
    }
    points.forEach((point, index) => {
      this.handles[index]?.setAttrs({ x: point.x, y: point.y, radius: HANDLE_PX / zoom });
    });
  }

  private createHandle(index: number): Circle {
    const handle = new Circle({
      name: 'zone-handle',
      fill: PlanColors.image,
      stroke: PlanColors.selection,
      strokeWidth: 2,
      strokeScaleEnabled: false,
      draggable: true,
    });
    handle.on('dragmove', () => {
      const { zone, imageSize, onCornerMove } = this.props ?? {};
      if (!zone || !imageSize || !onCornerMove) return;
      const at = clampPointToImage(handle.position(), imageSize);
      handle.position(at);
      onCornerMove(zone, index, at);
    });
    handle.on('dragend', () => {
      const zone = this.props?.zone;
      if (zone) this.props?.onCornerDrop(zone);
    });
    return handle;
  }
}
