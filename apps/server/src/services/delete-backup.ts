import { BackupContentSchema, type BackupSummary } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { NetworkRow } from '../db/queries/networks.ts';
import { backups } from '../db/schema.ts';
import type { BackupRow } from '../presenters/backup.ts';
import { recordAudit } from './audit.ts';
import { releaseFile } from './release-file.ts';

/**
 * Deletes a backup and releases the floor-plan image it kept, audited with its `summary` (as listed),
 * in one transaction.
 */
export async function deleteBackup(
  ctx: AppContext,
  actor: { uid: number; network: Pick<NetworkRow, 'pid'> },
  backup: BackupRow,
  summary: Pick<BackupSummary, 'id' | 'name' | 'zoneCount' | 'nodeCount'>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(backups).where(eq(backups.id, backup.id));
    await recordAudit(tx, {
      action: 'backup.delete',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: backup.nid,
      before: { id: summary.id, name: summary.name, zoneCount: summary.zoneCount, nodeCount: summary.nodeCount },
    });
    const image = BackupContentSchema.parse(backup.content).network.image;
    if (image) await releaseFile(tx, image);
  });
}
