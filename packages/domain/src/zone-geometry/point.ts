/**
 * Coordinates on the floor plan.
 *
 * Decision (spec sections 3 and 5, STYLE item 14): zone points, node positions and name positions
 * are stored in the floor-plan image's own pixel coordinates, measured against the network's
 * `imageSize` (default 500×500), with (0, 0) at the image's top-left corner. They never depend on
 * zoom, pan or the screen. The spec's rules are written in those units (points clamped to
 * 0..width and 0..height, collinear tolerance 4, new zone 100×100), and a fraction of the image is
 * always `point / imageSize`. When the image is replaced by one of another size the stored points
 * are rescaled with {@link scalePointsToImage}.
 */
export interface PlanPoint {
  x: number;
  y: number;
}

/** Width and height of the floor-plan image in its own pixels (the network's `imageSize`). */
export interface PlanSize {
  width: number;
  height: number;
}

/** Axis-aligned box: left, top, right and bottom edges. */
export interface PlanBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Smallest axis-aligned box holding every point; `null` for no points. */
export function boundingBoxOf(points: readonly PlanPoint[]): PlanBox | null {
  if (points.length === 0) return null;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const { x, y } of points) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

/**
 * Distance from `point` to the infinite line through `a` and `b`; when `a` and `b` coincide, the
 * distance to that single point.
 */
export function distanceToLine(point: PlanPoint, a: PlanPoint, b: PlanPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(point.x - a.x, point.y - a.y);
  return Math.abs(dy * (point.x - a.x) - dx * (point.y - a.y)) / length;
}
