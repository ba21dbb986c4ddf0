import type { PlanPoint } from './point.ts';

/** Signed area of a closed polygon (shoelace formula); positive when clockwise on a y-down screen. */
export function polygonArea(points: readonly PlanPoint[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return twice / 2;
}

/**
 * Centre of mass of a closed polygon, the default position of a zone's name (section 3:
 * zoneNamePositionX/Y). A polygon without area (a line, one point) gives the mean of its points;
 * no points give `null`.
 */
export function polygonCentroid(points: readonly PlanPoint[]): PlanPoint | null {
  if (points.length === 0) return null;
  const area = polygonArea(points);
  if (Math.abs(area) < 1e-9) {
    const sum = points.reduce((acc, p) => ({ x: acc.x + p.x, y: acc.y + p.y }), { x: 0, y: 0 });
    return { x: sum.x / points.length, y: sum.y / points.length };
  }
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const cross = a.x * b.y - b.x * a.y;
    cx += (a.x + b.x) * cross;
    cy += (a.y + b.y) * cross;
  }
  return { x: cx / (6 * area), y: cy / (6 * area) };
}
