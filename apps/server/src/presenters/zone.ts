import type { PlanNode, Zone, ZoneShapeValue } from '@lightwell/domain';
import { epochSeconds, epochSecondsOrNull } from '@lightwell/domain';
import type { nodes, zones } from '../db/schema.ts';

/** A zone row. */
export type ZoneRow = typeof zones.$inferSelect;
/** A node row. */
export type NodeRow = typeof nodes.$inferSelect;

/** A zone as the map sees it, with the number of nodes placed in it. */
export function presentZone(row: ZoneRow, nodeCount: number): Zone {
  return {
    id: row.id,
    nid: row.nid,
    name: row.name,
    points: row.points.map(({ x, y }) => ({ x, y })),
    shape: row.shape as ZoneShapeValue,
    bgColor: row.bgColor,
    zoneNameColor: row.nameColor,
    zoneNameAngle: row.nameAngle,
    zoneNameSize: row.nameSize,
    zoneNamePositionX: row.namePositionX,
    zoneNamePositionY: row.namePositionY,
    configId: row.configId,
    nodeCount,
  };
}

/** A node as the map sees it. */
export function presentNode(row: NodeRow): PlanNode {
  return {
    id: row.id,
    nid: row.nid,
    zoneId: row.zoneId,
    vid: row.vid,
    rid: row.rid,
    name: row.name,
    nameSize: row.nameSize,
    nameAngle: row.nameAngle,
    iconSize: row.iconSize,
    nameColor: row.nameColor,
    positionX: row.positionX,
    positionY: row.positionY,
    namePositionX: row.namePositionX,
    namePositionY: row.namePositionY,
    status: row.status,
    statusTime: epochSecondsOrNull(row.statusTime),
    createTime: epochSeconds(row.createdAt),
  };
}
