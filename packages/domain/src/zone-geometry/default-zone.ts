import type { PlanPoint, PlanSize } from './point.ts';
import { rectangleFromCorners } from './shape.ts';

/** Section 3: a new zone is a 100×100 square. */
export const DEFAULT_ZONE_SIDE = 100;

/** Where {@link defaultZonePoints} puts its `at` point: the square's centre or its top-left corner. */
export type ZoneAnchor = 'centre' | 'topLeft';

/**
 * Points of a new zone (section 3: "default 100x100 square, clamped to image bounds"): a square of
 * `side` (100) at `at`, shifted as a whole to lie inside the image; on an image smaller than the
 * square it is cut to the image. Clockwise from the top-left.
 */
export function defaultZonePoints(
  at: PlanPoint,
  size: PlanSize,
  anchor: ZoneAnchor = 'centre',
  side: number = DEFAULT_ZONE_SIDE,
): PlanPoint[] {
  const left = anchor === 'centre' ? at.x - side / 2 : at.x;
  const top = anchor === 'centre' ? at.y - side / 2 : at.y;
  const x = Math.max(0, Math.min(left, size.width - side));
  const y = Math.max(0, Math.min(top, size.height - side));
  return rectangleFromCorners({ x, y }, { x: Math.min(x + side, size.width), y: Math.min(y + side, size.height) });
}
