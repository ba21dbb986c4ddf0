import type { PlanPoint } from './point.ts';

/**
 * True when `point` lies inside the closed polygon (even-odd rule, ray casting); points on an edge
 * count as inside. Used to find the zone a node is dropped onto (section 3: Zone.mySigNodes).
 */
export function isPointInPolygon(point: PlanPoint, polygon: readonly PlanPoint[]): boolean {
  if (polygon.length < 3) return false;
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (isOnSegment(point, a, b)) return true;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

function isOnSegment(p: PlanPoint, a: PlanPoint, b: PlanPoint): boolean {
  const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
  if (Math.abs(cross) > 1e-9) return false;
  return (
    Math.min(a.x, b.x) <= p.x && p.x <= Math.max(a.x, b.x) && Math.min(a.y, b.y) <= p.y && p.y <= Math.max(a.y, b.y)
  );
}

/**
 * Id of the zone holding `point`, or `null`. Zones are in drawing order, so when zones overlap the
 * last one (drawn on top) wins, as the user sees it.
 */
export function findZoneAt<Id>(
  point: PlanPoint,
  zones: readonly { id: Id; points: readonly PlanPoint[] }[],
): Id | null {
  for (let i = zones.length - 1; i >= 0; i--) {
    const zone = zones[i]!;
    if (isPointInPolygon(point, zone.points)) return zone.id;
  }
  return null;
}
