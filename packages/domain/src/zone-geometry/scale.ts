import type { PlanPoint, PlanSize } from './point.ts';

/**
 * A stored point moved to a replacement floor-plan image of another size (sections 3 and 7:
 * network image and imageSize). Points are stored in the old image's pixels, so x scales by the
 * ratio of widths and y by the ratio of heights: a point keeps its place on the picture. Offsets
 * (such as a node name's offset from its node) scale the same way. A zero-sized old image leaves
 * the point as it is.
 */
export function scalePointToImage(point: PlanPoint, from: PlanSize, to: PlanSize): PlanPoint {
  return {
    x: from.width > 0 ? (point.x * to.width) / from.width : point.x,
    y: from.height > 0 ? (point.y * to.height) / from.height : point.y,
  };
}

/** Every point of a zone moved to a replacement image; see {@link scalePointToImage}. */
export function scalePointsToImage(points: readonly PlanPoint[], from: PlanSize, to: PlanSize): PlanPoint[] {
  return points.map((point) => scalePointToImage(point, from, to));
}
