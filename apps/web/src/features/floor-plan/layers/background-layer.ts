import { type PlanSize, visibleImageRect } from '@lightwell/domain';
import type Konva from 'konva';
import { PlanColors } from '../colors';
import { Layer, Rect, Shape } from '../konva';
import { drawPlanImage, type PlanImage } from '../plan-image';

/** What {@link BackgroundLayer} shows. */
export interface BackgroundLayerProps {
  image: PlanImage | null;
  size: PlanSize;
}

/**
 * The floor-plan picture stretched to `imageSize` over a plain sheet; never listens to the pointer.
 * The picture (Konva id `plan-image`) is drawn from the copy that suits each frame's zoom, only
 * the tiles in view.
 */
export class BackgroundLayer {
  readonly layer = new Layer({ name: 'background', listening: false });
  private readonly sheet = new Rect({
    id: 'plan-image-bounds',
    fill: PlanColors.image,
    stroke: PlanColors.imageBorder,
    strokeWidth: 1,
    strokeScaleEnabled: false,
    perfectDrawEnabled: false,
  });
  private picture: Shape | null = null;

  constructor() {
    this.layer.add(this.sheet);
  }

  /** Shows `props`. */
  update({ image, size }: BackgroundLayerProps) {
    this.sheet.size(size);
    if (image && !this.picture) {
      this.picture = new Shape({
        id: 'plan-image',
        sceneFunc: drawPicture,
        listening: false,
        perfectDrawEnabled: false,
      });
      this.layer.add(this.picture);
    } else if (!image && this.picture) {
      this.picture.destroy();
      this.picture = null;
    }
    this.picture?.setAttrs({ picture: image, planSize: size });
    this.layer.batchDraw();
  }
}

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
