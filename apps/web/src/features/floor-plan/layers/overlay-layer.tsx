import {
  clampPointToImage,
  nodeIconSizeOrDefault,
  nodeNameSizeOrDefault,
  type PlanPoint,
  type PlanSize,
} from '@lightwell/domain';
import type { KonvaEventObject } from 'konva/lib/Node';
import { memo } from 'react';
import { CenteredText } from '../centered-text';
import { PlanColors, statusColor } from '../colors';
import { HANDLE_PX } from '../drawing';
import { Circle, Layer } from '../konva';
import { nodeNameOffset } from '../node-drawing';
import type { FloorPlanNode, FloorPlanZone } from '../types';
import type { DrawDraft } from '../use-plan-gestures';
import { DraftShape } from './draft-shape';

/** Props of {@link OverlayLayer}. */
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
 * being drawn (`draft`).
 */
export const OverlayLayer = memo(function OverlayLayer(props: OverlayLayerProps) {
  const { zoom, editable, zone, node, dragged, draft } = props;
  const px = (screen: number) => screen / zoom;
  return (
    <Layer name="overlay">
      {node && (
        <Circle
          id="node-selection"
          x={node.positionX}
          y={node.positionY}
          radius={nodeIconSizeOrDefault(node.iconSize) / 2 + px(4)}
          stroke={PlanColors.selection}
          strokeWidth={2}
          strokeScaleEnabled={false}
          listening={false}
        />
      )}
      {editable && node && <NodeName node={node} imageSize={props.imageSize} onMove={props.onNodeNameMove} />}
      {editable &&
        zone?.points.map((point, index) => (
          <Circle
            // Corners are positional: the index is the corner's identity while it is dragged.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            name="zone-handle"
            x={point.x}
            y={point.y}
            radius={px(HANDLE_PX)}
            fill={PlanColors.image}
            stroke={PlanColors.selection}
            strokeWidth={2}
            strokeScaleEnabled={false}
            draggable
            onDragMove={(event: KonvaEventObject<DragEvent>) => {
              const at = clampPointToImage(event.target.position(), props.imageSize);
              event.target.position(at);
              props.onCornerMove(zone, index, at);
            }}
            onDragEnd={() => props.onCornerDrop(zone)}
          />
        ))}
      {dragged && (
        <Circle
          id="node-drag"
          x={dragged.positionX}
          y={dragged.positionY}
          radius={nodeIconSizeOrDefault(dragged.iconSize) / 2}
          fill={statusColor(dragged.status)}
          stroke={PlanColors.selection}
          strokeWidth={2}
          strokeScaleEnabled={false}
          opacity={0.85}
          listening={false}
        />
      )}
      {draft && <DraftShape draft={draft} zoom={zoom} />}
    </Layer>
  );
});

function NodeName({
  node,
  imageSize,
  onMove,
}: {
  node: FloorPlanNode;
  imageSize: PlanSize;
  onMove: (id: number, x: number, y: number) => void;
}) {
  const offset = nodeNameOffset(node);
  if (!node.name) return null;
  return (
    <CenteredText
      id={`node-name-${node.id}`}
      name="node-name"
      text={node.name}
      x={node.positionX + offset.x}
      y={node.positionY + offset.y}
      fontSize={nodeNameSizeOrDefault(node.nameSize)}
      fill={node.nameColor || PlanColors.name}
      rotation={node.nameAngle ?? 0}
      draggable
      onDragEnd={(event) => {
        const at = clampPointToImage(event.target.position(), imageSize);
        event.target.position(at);
        onMove(node.id, at.x - node.positionX, at.y - node.positionY);
      }}
    />
  );
}
