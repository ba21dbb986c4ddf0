import { epochSeconds, type Group, type GroupCategory, type GroupTypeValue } from '@lightwell/domain';
import type { groups } from '../db/schema.ts';

/** A group row. */
export type GroupRow = typeof groups.$inferSelect;

/** A group as lists show it. */
export function presentGroup(row: GroupRow, members: readonly { deviceId: number; isVirtual: boolean }[]): Group {
  return {
    id: row.id,
    nid: row.nid,
    type: row.type as GroupTypeValue,
    name: row.name,
    category: row.category as GroupCategory,
    image: row.image,
    deviceIds: members.map((m) => m.deviceId),
    realDeviceCount: members.filter((m) => !m.isVirtual).length,
    createTime: epochSeconds(row.createdAt),
  };
}
