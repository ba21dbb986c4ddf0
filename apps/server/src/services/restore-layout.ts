import type { BackupContent } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { nodes, zones } from '../db/schema.ts';
import { batches, excluded } from './restore-rows.ts';

/** Writes the backup's zones with their ids: existing ones updated, missing ones inserted again. */
export async function upsertZones(
  tx: Db,
  nid: number,
  list: BackupContent['zones'],
  now: Date,
  profileOf: (id: number | null) => number | null,
): Promise<void> {
  for (const batch of batches(list)) {
    await tx
      .insert(zones)
      .values(
        batch.map((zone) => ({
          id: zone.id,
          nid,
          name: zone.name,
          points: zone.points,
          shape: zone.shape,
          bgColor: zone.bgColor,
          nameColor: zone.zoneNameColor,
          nameAngle: zone.zoneNameAngle,
          nameSize: zone.zoneNameSize,
          namePositionX: zone.zoneNamePositionX,
          namePositionY: zone.zoneNamePositionY,
          configId: profileOf(zone.configId),
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: zones.id,
        set: {
          name: excluded(zones.name),
          points: excluded(zones.points),
          shape: excluded(zones.shape),
          bgColor: excluded(zones.bgColor),
          nameColor: excluded(zones.nameColor),
          nameAngle: excluded(zones.nameAngle),
          nameSize: excluded(zones.nameSize),
          namePositionX: excluded(zones.namePositionX),
          namePositionY: excluded(zones.namePositionY),
          configId: excluded(zones.configId),
          updatedAt: excluded(zones.updatedAt),
        },
        // Ids in a backup are only ever this network's own; never touch another network's row.
        setWhere: eq(zones.nid, nid),
      });
  }
}

/** Writes the backup's nodes with their ids; the live status of a node that still exists is kept. */
export async function upsertNodes(
  tx: Db,
  nid: number,
  list: BackupContent['nodes'],
  deviceOf: (id: number | null) => number | null,
): Promise<void> {
  for (const batch of batches(list)) {
    await tx
      .insert(nodes)
      .values(
        batch.map((node) => ({
          id: node.id,
          nid,
          zoneId: node.zoneId,
          vid: deviceOf(node.vid),
          rid: deviceOf(node.rid),
          name: node.name,
          nameSize: node.nameSize,
          nameAngle: node.nameAngle,
          iconSize: node.iconSize,
          nameColor: node.nameColor,
          positionX: node.positionX,
          positionY: node.positionY,
          namePositionX: node.namePositionX,
          namePositionY: node.namePositionY,
          createdAt: new Date(node.createTime * 1000),
        })),
      )
      .onConflictDoUpdate({
        target: nodes.id,
        set: {
          zoneId: excluded(nodes.zoneId),
          vid: excluded(nodes.vid),
          rid: excluded(nodes.rid),
          name: excluded(nodes.name),
          nameSize: excluded(nodes.nameSize),
          nameAngle: excluded(nodes.nameAngle),
          iconSize: excluded(nodes.iconSize),
          nameColor: excluded(nodes.nameColor),
          positionX: excluded(nodes.positionX),
          positionY: excluded(nodes.positionY),
          namePositionX: excluded(nodes.namePositionX),
          namePositionY: excluded(nodes.namePositionY),
          createdAt: excluded(nodes.createdAt),
        },
        setWhere: eq(nodes.nid, nid),
      });
  }
}
