import type { PlanPoint, PlanSize } from './point.ts';

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** One point moved into the image: x into 0..width, y into 0..height (section 5). */
export function clampPointToImage(point: PlanPoint, size: PlanSize): PlanPoint {
  return { x: clamp(point.x, 0, size.width), y: clamp(point.y, 0, size.height) };
}

/** Zone points clamped to the image bounds (section 5: "Zone points clamped to image bounds"). */
export function clampPointsToImage(points: readonly PlanPoint[], size: PlanSize): PlanPoint[] {
  return points.map((point) => clampPointToImage(point, size));
}
