import { isLabelReadable, type PlanBox, visibleImageRect } from '@lightwell/domain';
import type Konva from 'konva';

/** Screen pixels around the view that are drawn too, so shapes entering it are already there. */
const MARGIN_PX = 32;

/** Name of the Konva attribute holding a shape's box in image pixels, for culling. */
export const PLAN_BOUNDS_ATTR = 'planBounds';

/** True when two boxes overlap. */
export function boxesMeet(a: PlanBox, b: PlanBox): boolean {
  return a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
}

/**
 * Before each draw of `layer`, hides its shapes that lie outside the view (their `planBounds`
 * attribute) and zone names too small to read (`fontSize` × zoom under the domain's 8 px for zone names), and shows the others, so
 * a pan over a large plan draws only what is on screen. Shapes without bounds are left alone.
 * Returns the function that stops it.
 */
export function cullOnDraw(layer: Konva.Layer): () => void {
  const cull = () => {
    const stage = layer.getStage();
    if (!stage) return;
    const zoom = stage.scaleX();
    const margin = MARGIN_PX / zoom;
    const view = visibleImageRect({ zoom, imgX: stage.x(), imgY: stage.y() }, stage.size());
    const area = {
      minX: view.minX - margin,
      minY: view.minY - margin,
      maxX: view.maxX + margin,
      maxY: view.maxY + margin,
    };
    for (const child of layer.getChildren() as Konva.Node[]) {
      const bounds = child.getAttr(PLAN_BOUNDS_ATTR) as PlanBox | undefined;
      if (!bounds) continue;
      const fontSize = child.getAttr('fontSize') as number | undefined;
      const readable = fontSize === undefined || isLabelReadable(fontSize, zoom, 'zone');
      const visible = readable && boxesMeet(bounds, area);
      if (child.visible() !== visible) child.visible(visible);
    }
  };
  layer.on('beforeDraw.cull', cull);
  return () => {
    layer.off('beforeDraw.cull');
  };
}
