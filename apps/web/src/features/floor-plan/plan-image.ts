import type { PlanBox, PlanSize } from '@lightwell/domain';
import { boxesMeet } from './culling';

/**
 * The floor-plan picture prepared for drawing: the full size, then halved again and again down to
 * about {@link SMALLEST_SIDE} pixels, each cut into tiles of at most {@link TILE} pixels. A frame
 * draws the level that suits its zoom, and only the tiles in view: a large bitmap drawn whole costs
 * a copy of all of it per frame in Chromium's software canvas, a tile only its own pixels.
 */
export type PlanImage = readonly ImageLevel[];

/** One size of the picture; tile rectangles are in that level's pixels. */
interface ImageLevel {
  width: number;
  height: number;
  tiles: readonly ImageTile[];
}

/** A piece of a level, one pixel wider and taller than its share where it has a neighbour, to hide seams. */
interface ImageTile {
  x: number;
  y: number;
  width: number;
  height: number;
  bitmap: CanvasImageSource;
}

/** Longest side of a tile. */
const TILE = 1024;
/** The smallest level has its shorter side at least this long. */
const SMALLEST_SIDE = 256;

/**
 * Which of `count` levels to draw at `zoom`: the smallest one that still has at least one picture
 * pixel per screen pixel (level k is 2^-k of full size); faster, and without the shimmer of skipped pixels.
 */
export function imageLevelFor(zoom: number, count: number): number {
  if (count <= 1 || zoom >= 1) return 0;
  return Math.min(count - 1, Math.floor(Math.log2(1 / zoom)));
}

/** Sizes of the levels of a picture of `width`×`height`. */
export function levelSizes(width: number, height: number): PlanSize[] {
  const sizes = [{ width, height }];
  for (let last = sizes[0]!; Math.min(last.width, last.height) / 2 >= SMALLEST_SIDE; last = sizes.at(-1)!) {
    sizes.push({ width: Math.round(last.width / 2), height: Math.round(last.height / 2) });
  }
  return sizes;
}

/** Tile rectangles of a level, overlapping their right and lower neighbours by one pixel. */
export function tileRects(size: PlanSize): { x: number; y: number; width: number; height: number }[] {
  const rects = [];
  for (let y = 0; y < size.height; y += TILE) {
    for (let x = 0; x < size.width; x += TILE) {
      rects.push({ x, y, width: Math.min(TILE + 1, size.width - x), height: Math.min(TILE + 1, size.height - y) });
    }
  }
  return rects;
}

/** Cuts a decoded picture into its levels and tiles. */
export async function preparePlanImage(image: HTMLImageElement): Promise<PlanImage> {
  const full = { width: image.naturalWidth, height: image.naturalHeight };
  const levels: ImageLevel[] = [];
  for (const size of levelSizes(full.width, full.height)) {
    const scale = full.width / size.width;
    const tiles = await Promise.all(
      tileRects(size).map(async (rect) => ({
        ...rect,
        bitmap: await createImageBitmap(
          image,
          rect.x * scale,
          rect.y * scale,
          rect.width * scale,
          rect.height * scale,
          {
            resizeWidth: rect.width,
            resizeHeight: rect.height,
            resizeQuality: 'medium',
          },
        ),
      })),
    );
    levels.push({ ...size, tiles });
  }
  return levels;
}

/**
 * Draws the tiles of the level for `zoom` that meet `visible` (image coordinates of `size`, the
 * network's imageSize, to which the picture is stretched).
 */
export function drawPlanImage(
  ctx: CanvasRenderingContext2D,
  image: PlanImage,
  size: PlanSize,
  zoom: number,
  visible: PlanBox,
): void {
  const level = image[imageLevelFor(zoom, image.length)];
  if (!level) return;
  const sx = size.width / level.width;
  const sy = size.height / level.height;
  for (const tile of level.tiles) {
    const box = {
      minX: tile.x * sx,
      minY: tile.y * sy,
      maxX: (tile.x + tile.width) * sx,
      maxY: (tile.y + tile.height) * sy,
    };
    if (!boxesMeet(box, visible)) continue;
    ctx.drawImage(tile.bitmap, box.minX, box.minY, tile.width * sx, tile.height * sy);
  }
}
