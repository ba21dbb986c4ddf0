import { type BackupContent, BackupContentSchema } from '@lightwell/domain';
import { and, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { files, networks, nodes, zones } from '../db/schema.ts';
import type { BackupRow } from '../presenters/backup.ts';
import { recordAudit } from './audit.ts';
import { lockNetwork } from './lock-network.ts';
import { releaseFile } from './release-file.ts';
import { networkSettingsOf } from './take-backup.ts';

/** Rows written per statement. */
const BATCH = 500;

/** The value an upsert proposed for `column` (`excluded.<column>`). */
const excluded = (column: PgColumn): SQL => sql.raw(`excluded."${column.name}"`);

function batches<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < list.length; start += BATCH) out.push(list.slice(start, start + BATCH));
  return out;
}

/** Writes the backup's zones with their ids: existing ones updated, missing ones inserted again. */
async function upsertZones(tx: Db, nid: number, list: BackupContent['zones'], now: Date): Promise<void> {
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
          configId: zone.configId,
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
async function upsertNodes(tx: Db, nid: number, list: BackupContent['nodes']): Promise<void> {
  for (const batch of batches(list)) {
    await tx
      .insert(nodes)
      .values(
        batch.map((node) => ({
          id: node.id,
          nid,
          zoneId: node.zoneId,
          vid: node.vid,
          rid: node.rid,
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

/** The backup's image when it is still stored, else none (a restore never points at a missing file). */
async function storedImage(tx: Db, name: string | null): Promise<string | null> {
  if (!name) return null;
  const [file] = await tx.select({ name: files.name }).from(files).where(eq(files.name, name)).limit(1);
  return file ? name : null;
}

/**
 * Restores a backup (version 1) in one transaction: the network's settings, zones and nodes become
 * exactly the backup's, with the backup's ids, so restoring the same backup twice gives the same
 * network. Zones and nodes added since are deleted. An audit event records before and after.
 */
export async function restoreBackup(ctx: AppContext, uid: number, backup: BackupRow): Promise<void> {
  const content = BackupContentSchema.parse(backup.content);
  await ctx.db.transaction(async (tx) => {
    const network = await lockNetwork(tx, backup.nid);
    const zoneIds = content.zones.map((zone) => zone.id);
    const nodeIds = content.nodes.map((node) => node.id);
    await tx.delete(nodes).where(and(eq(nodes.nid, network.id), notInArray(nodes.id, nodeIds)));
    await tx.delete(zones).where(and(eq(zones.nid, network.id), notInArray(zones.id, zoneIds)));
    await upsertZones(tx, network.id, content.zones, ctx.now());
    await upsertNodes(tx, network.id, content.nodes);
    const settings = { ...content.network, image: await storedImage(tx, content.network.image) };
    await tx
      .update(networks)
      .set({ ...settings, updatedAt: ctx.now() })
      .where(eq(networks.id, network.id));
    if (network.image && network.image !== settings.image) await releaseFile(tx, network.image);
    await recordAudit(tx, {
      action: 'backup.restore',
      actorUid: uid,
      pid: network.pid,
      nid: network.id,
      before: networkSettingsOf(network),
      after: { backupId: backup.id, backupName: backup.name, ...settings },
    });
  });
}
