import type { PlanPoint } from '../zone-geometry/point.ts';
import { nodeIconSizeOrDefault } from './defaults.ts';

/** What {@link findNodeAt} needs of a node: its id, position and icon size (image pixels). */
export interface NodeHitTarget<Id> {
  id: Id;
  positionX: number;
  positionY: number;
  iconSize?: number | null;
}

/**
 * Id of the node whose icon covers `point` (image pixels), or `null`. An icon covers a circle of
 * half its size, at least `minRadius` so small icons stay easy to grab; nodes are drawn in order,
 * so the last one under the point wins.
 */
export function findNodeAt<Id>(point: PlanPoint, nodes: readonly NodeHitTarget<Id>[], minRadius = 0): Id | null {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!;
    const radius = Math.max(nodeIconSizeOrDefault(node.iconSize) / 2, minRadius);
    if (Math.hypot(point.x - node.positionX, point.y - node.positionY) <= radius) return node.id;
  }
  return null;
}
