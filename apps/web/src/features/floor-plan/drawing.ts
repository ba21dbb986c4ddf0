import {
  boundingBoxOf,
  clampPointToImage,
  defaultZonePoints,
  type FloorPlanView,
  imageToScreen,
  normaliseZonePoints,
  type PlanPoint,
  type PlanSize,
  polygonArea,
  rectangleFromCorners,
  ZoneShapeKind,
} from '@lightwell/domain';

/** Screen pixels a pointer may move and still count as a click. */
export const CLICK_SLOP_PX = 3;
/** Screen distance to a polygon's first corner that closes it. */
const CLOSE_POLYGON_PX = 8;
/** Least grab radius of a node icon, in screen pixels. */
export const NODE_GRAB_PX = 6;
/** Longest pause between the two clicks of a double-click. */
const DOUBLE_CLICK_MS = 500;
/** Radius of a corner handle, in screen pixels. */
export const HANDLE_PX = 5;

/** Distance between two points. */
export function distance(a: PlanPoint, b: PlanPoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

/**
 * The zone a rectangle drag makes (spec sections 2, 3, 5), or `null` when it has no area: a drag
 * shorter than {@link CLICK_SLOP_PX} on screen is a click and gives the default 100×100 square
 * centred there; otherwise the rectangle of the two corners, clamped to the image.
 */
export function rectangleZone(
  start: PlanPoint,
  end: PlanPoint,
  screenDistance: number,
  size: PlanSize,
): PlanPoint[] | null {
  const points =
    screenDistance < CLICK_SLOP_PX
      ? defaultZonePoints(clampPointToImage(start, size), size, 'centre')
      : normaliseZonePoints(rectangleFromCorners(start, end), ZoneShapeKind.rectangle, size);
  const box = boundingBoxOf(points);
  return box && box.maxX > box.minX && box.maxY > box.minY ? points : null;
}

/** The zone a closed polygon makes: clamped, near-collinear corners removed; `null` without area. */
export function polygonZone(points: readonly PlanPoint[], size: PlanSize): PlanPoint[] | null {
  const cleaned = normaliseZonePoints(points, ZoneShapeKind.polygon, size);
  return cleaned.length >= 3 && Math.abs(polygonArea(cleaned)) > 0 ? cleaned : null;
}

/** What a click does to a polygon being drawn: close it, ignore a repeated click, or add a corner. */
export type PolygonClick = 'close' | 'ignore' | 'add';

/**
 * Decides a click while drawing a polygon (section 2). With 3 or more corners, a click on the
 * first corner (within {@link CLOSE_POLYGON_PX} on screen) closes it, and so does a second click on
 * the last corner within {@link DOUBLE_CLICK_MS} of placing it (a double-click); a slower click
 * there is ignored. Anywhere else the click adds a corner.
 */
export function polygonClick(
  points: readonly PlanPoint[],
  screen: PlanPoint,
  view: FloorPlanView,
  msSinceLastCorner: number,
): PolygonClick {
  const first = points[0];
  const last = points.at(-1);
  const closable = points.length >= 3;
  if (first && closable && distance(imageToScreen(view, first), screen) <= CLOSE_POLYGON_PX) return 'close';
  if (last && distance(imageToScreen(view, last), screen) < CLICK_SLOP_PX) {
    return closable && msSinceLastCorner <= DOUBLE_CLICK_MS ? 'close' : 'ignore';
  }
  return 'add';
}
