import { clampPointsToImage } from './clamp.ts';
import { removeNearCollinearPoints } from './collinear.ts';
import { boundingBoxOf, type PlanPoint, type PlanSize } from './point.ts';

/** Zone `shape` codes (section 3): 1 is a rectangle taken from the bounding box, 2 a free polygon. */
export const ZoneShapeKind = { rectangle: 1, polygon: 2 } as const;

/** A zone `shape` code. */
export type ZoneShapeValue = (typeof ZoneShapeKind)[keyof typeof ZoneShapeKind];

/**
 * The rectangle of a zone of shape 1 (section 3: "rectangle from bounding box"): the four corners
 * of the points' bounding box, clockwise from the top-left. No points give no corners.
 */
export function rectangleFromBoundingBox(points: readonly PlanPoint[]): PlanPoint[] {
  const box = boundingBoxOf(points);
  if (!box) return [];
  return [
    { x: box.minX, y: box.minY },
    { x: box.maxX, y: box.minY },
    { x: box.maxX, y: box.maxY },
    { x: box.minX, y: box.maxY },
  ];
}

/** The rectangle spanned by two opposite corners, as when a rectangle is dragged out (section 2). */
export function rectangleFromCorners(a: PlanPoint, b: PlanPoint): PlanPoint[] {
  return rectangleFromBoundingBox([a, b]);
}

/**
 * Moves corner `index` of a rectangle zone (shape 1, corners clockwise from the top-left) to `to`,
 * keeping the opposite corner and the order of the corners, so the handle being dragged stays
 * corner `index` even when it crosses the opposite one. {@link normaliseZonePoints} puts the
 * corners back in order when the drag ends. Anything but four corners is first made a rectangle.
 */
export function moveRectangleCorner(corners: readonly PlanPoint[], index: number, to: PlanPoint): PlanPoint[] {
  const rectangle = corners.length === 4 ? [...corners] : rectangleFromBoundingBox(corners);
  const opposite = rectangle[(index + 2) % 4];
  if (!opposite) return rectangle;
  // Clockwise from the top-left, corners 0-1 and 2-3 share y, corners 1-2 and 3-0 share x.
  const even = index % 2 === 0;
  const out: PlanPoint[] = [];
  out[index % 4] = { ...to };
  out[(index + 1) % 4] = even ? { x: opposite.x, y: to.y } : { x: to.x, y: opposite.y };
  out[(index + 2) % 4] = { ...opposite };
  out[(index + 3) % 4] = even ? { x: to.x, y: opposite.y } : { x: opposite.x, y: to.y };
  return out;
}

/**
 * Zone points as they are saved (sections 3 and 5): clamped to the image bounds; a rectangle
 * (shape 1) becomes the four corners of its bounding box; a polygon (shape 2) loses its
 * near-collinear points while it has at least 4.
 */
export function normaliseZonePoints(points: readonly PlanPoint[], shape: ZoneShapeValue, size: PlanSize): PlanPoint[] {
  const clamped = clampPointsToImage(points, size);
  return shape === ZoneShapeKind.rectangle ? rectangleFromBoundingBox(clamped) : removeNearCollinearPoints(clamped);
}
