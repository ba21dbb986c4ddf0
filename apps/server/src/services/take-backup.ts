import type { BackupContent, BackupSummary } from '@lightwell/domain';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { backups, nodes, users, zones } from '../db/schema.ts';
import type { NetworkRow } from '../policies/access.ts';
import { presentBackupSummary } from '../presenters/backup.ts';
import { presentNode, presentZone } from '../presenters/zone.ts';
import { recordAudit } from './audit.ts';
import { lockNetwork } from './lock-network.ts';

/** The network settings a backup keeps. */
export function networkSettingsOf(network: NetworkRow): BackupContent['network'] {
  return {
    name: network.name,
    category: network.category,
    electricityPrice: network.electricityPrice,
    currency: network.currency,
    image: network.image,
    imageWidth: network.imageWidth,
    imageHeight: network.imageHeight,
  };
}

/** A network as a backup holds it (version 1): settings, zones and nodes in id order. */
export async function readNetworkSnapshot(db: Db, network: NetworkRow): Promise<BackupContent> {
  const zoneRows = await db.select().from(zones).where(eq(zones.nid, network.id)).orderBy(asc(zones.id));
  const nodeRows = await db.select().from(nodes).where(eq(nodes.nid, network.id)).orderBy(asc(nodes.id));
  return {
    version: 1,
    network: networkSettingsOf(network),
    zones: zoneRows.map((row) => {
      const { nid: _nid, nodeCount: _count, ...zone } = presentZone(row, 0);
      return zone;
    }),
    nodes: nodeRows.map((row) => {
      const { nid: _nid, status: _status, statusTime: _time, ...node } = presentNode(row);
      return node;
    }),
  };
}

/** Takes a backup of network `nid` as it is now, with an audit event, in one transaction. */
export async function takeBackup(ctx: AppContext, uid: number, nid: number, name: string): Promise<BackupSummary> {
  return ctx.db.transaction(async (tx) => {
    const network = await lockNetwork(tx, nid);
    const content = await readNetworkSnapshot(tx, network);
    const [row] = await tx
      .insert(backups)
      .values({ nid, name, createdBy: uid, content, createdAt: ctx.now() })
      .returning();
    const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, uid));
    const summary = presentBackupSummary({
      ...row!,
      creatorName: creator?.name ?? null,
      zoneCount: content.zones.length,
      nodeCount: content.nodes.length,
    });
    await recordAudit(tx, {
      action: 'backup.create',
      actorUid: uid,
      pid: network.pid,
      nid,
      after: { id: summary.id, name, zoneCount: summary.zoneCount, nodeCount: summary.nodeCount },
    });
    return summary;
  });
}
