import { type PlanSize, visibleImageRect } from '@lightwell/domain';
import type Konva from 'konva';
import { memo } from 'react';
import { PlanColors } from '../colors';
import { Layer, Rect, Shape } from '../konva';
import { drawPlanImage, type PlanImage } from '../plan-image';

/** Props of {@link BackgroundLayer}. */
export interface BackgroundLayerProps {
  image: PlanImage | null;
  size: PlanSize;
}

/**
 * The floor-plan picture stretched to `imageSize` over a plain sheet; never listens to the pointer.
 * The picture (Konva id `plan-image`) is drawn from the copy that suits each frame's zoom, only
 * the tiles in view.
 */
export const BackgroundLayer = memo(function BackgroundLayer({ image, size }: BackgroundLayerProps) {
  return (
    <Layer name="background" listening={false}>
      <Rect
        id="plan-image-bounds"
        width={size.width}
        height={size.height}
        fill={PlanColors.image}
        stroke={PlanColors.imageBorder}
        strokeWidth={1}
        strokeScaleEnabled={false}
        perfectDrawEnabled={false}
      />
      {image && (
        <Shape
          id="plan-image"
          picture={image}
          planSize={size}
          sceneFunc={drawPicture}
          listening={false}
          perfectDrawEnabled={false}
        />
      )}
    </Layer>
  );
});

function drawPicture(context: Konva.Context, shape: Konva.Shape) {
  const stage = shape.getStage();
  if (!stage) return;
  const zoom = stage.scaleX();
  const visible = visibleImageRect({ zoom, imgX: stage.x(), imgY: stage.y() }, stage.size());
  drawPlanImage(
    context._context,
    shape.getAttr('picture') as PlanImage,
    shape.getAttr('planSize') as PlanSize,
    zoom,
    visible,
  );
}
