import { distanceToLine, type PlanPoint } from './point.ts';

/** Section 5: a point closer than this to the line through its neighbours is dropped. */
export const COLLINEAR_TOLERANCE = 4;

/** Section 5: points are dropped only while the polygon has at least this many. */
export const COLLINEAR_MIN_POINTS = 4;

/**
 * Removes near-collinear points of a closed polygon (section 5): a point whose distance to the line
 * through its two neighbours is under `tolerance` (4) is removed, but only while the polygon has
 * at least 4 points, so it never drops below 3. Neighbours wrap around (first and last are
 * neighbours). The flattest point goes first and distances are measured again after each removal,
 * so a run of nearly straight points keeps its ends. Duplicate points count as distance 0.
 */
export function removeNearCollinearPoints(
  points: readonly PlanPoint[],
  tolerance: number = COLLINEAR_TOLERANCE,
): PlanPoint[] {
  const out = [...points];
  while (out.length >= COLLINEAR_MIN_POINTS) {
    let flattest = -1;
    let smallest = tolerance;
    for (let i = 0; i < out.length; i++) {
      const previous = out[(i - 1 + out.length) % out.length]!;
      const next = out[(i + 1) % out.length]!;
      const distance = distanceToLine(out[i]!, previous, next);
      if (distance < smallest) {
        smallest = distance;
        flattest = i;
      }
    }
    if (flattest < 0) break;
    out.splice(flattest, 1);
  }
  return out;
}
