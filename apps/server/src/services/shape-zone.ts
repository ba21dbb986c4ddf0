import {
  Code,
  clampPointToImage,
  defaultZonePoints,
  normaliseZonePoints,
  type PlanPoint,
  type PlanSize,
  polygonArea,
  type ZoneShapeValue,
} from '@lightwell/domain';
import { CallError } from '../lib/call-error.ts';

/** The floor-plan size of a network row. */
export function imageSizeOf(network: { imageWidth: number; imageHeight: number }): PlanSize {
  return { width: network.imageWidth, height: network.imageHeight };
}

/**
 * Zone points as stored (sections 3 and 5): the given points, or the default 100×100 square in the
 * middle of the image, clamped to the image; a rectangle becomes its bounding box, a polygon loses
 * its near-collinear points while it has at least 4. A zone left without area is refused (1001).
 */
export function shapeZonePoints(points: PlanPoint[] | undefined, shape: ZoneShapeValue, size: PlanSize): PlanPoint[] {
  const raw = points ?? defaultZonePoints({ x: size.width / 2, y: size.height / 2 }, size);
  const shaped = normaliseZonePoints(raw, shape, size);
  if (Math.abs(polygonArea(shaped)) < 1e-9) {
    throw new CallError(Code.badInput, 'Invalid input: the zone has no area inside the floor-plan image.', null, {
      key: 'refusals.1001.zoneOutside',
    });
  }
  return shaped;
}

/** One coordinate of a name position clamped into the image (x into 0..width, y into 0..height). */
export function clampNameCoordinate(value: number | null, axis: 'x' | 'y', size: PlanSize): number | null {
  if (value === null) return null;
  const point = clampPointToImage(axis === 'x' ? { x: value, y: 0 } : { x: 0, y: value }, size);
  return point[axis];
}
