import { clampPointToImage, FloorPlanDefaults, type PlanPoint, type PlanSize } from '@lightwell/domain';

/** A node's place on the plan, in image pixels. */
interface Placed {
  positionX: number;
  positionY: number;
}

/**
 * Where a device added on the zone page lands: the plan's start position (sections 3 and 9: startX 20,
 * startY 180, in image pixels), at the plan's left edge and away from zones drawn in its middle, from
 * where the user drags it into its zone (docs/decisions.md, "Zones, floor plan and backups"). While a node
 * already stands there, the next free spot one icon (24 px) lower; a column full down to the image's
 * bottom starts again at the start position. A plan smaller than the start position has it clamped in.
 */
export function newNodePosition(image: PlanSize, nodes: readonly Placed[]): PlanPoint {
  const step = FloorPlanDefaults.nodeIconSize;
  const start = clampPointToImage({ x: FloorPlanDefaults.startX, y: FloorPlanDefaults.startY }, image);
  const taken = (y: number) =>
    nodes.some((node) => Math.abs(node.positionX - start.x) < step / 2 && Math.abs(node.positionY - y) < step / 2);
  for (let y = start.y; y <= image.height; y += step) {
    if (!taken(y)) return { x: start.x, y };
  }
  return start;
}
