import { BackupContentSchema, Code } from '@lightwell/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { backups, users } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer } from '../../lib/call-error.ts';
import { authorize, loadNetworkAccess, noPermission } from '../../policies/access.ts';
import { type BackupRow, presentBackupSummary } from '../../presenters/backup.ts';
import { deleteBackup } from '../../services/delete-backup.ts';
import { backupParts, diffBackup } from '../../services/diff-backup.ts';
import { planRestore, restoreBackup } from '../../services/restore-backup.ts';
import { readNetworkSnapshot, takeBackup } from '../../services/take-backup.ts';

const summaryColumns = {
  id: backups.id,
  nid: backups.nid,
  name: backups.name,
  createdAt: backups.createdAt,
  creatorName: users.name,
  version: sql<number>`(${backups.content} ->> 'version')::int`.mapWith(Number),
  zoneCount: sql<number>`jsonb_array_length(${backups.content} -> 'zones')`.mapWith(Number),
  nodeCount: sql<number>`jsonb_array_length(${backups.content} -> 'nodes')`.mapWith(Number),
};

/** A backup the caller may work with (owners and installers of its live network); 1013 otherwise. */
async function loadBackup(ctx: AppContext, uid: number, backupId: number) {
  const [backup] = await ctx.db.select().from(backups).where(eq(backups.id, backupId)).limit(1);
  if (!backup) throw noPermission();
  const access = await loadNetworkAccess(ctx, uid, backup.nid);
  authorize(access.abilities.backup);
  return { backup, access };
}

async function summaryOf(ctx: AppContext, backup: BackupRow) {
  const [row] = await ctx.db
    .select(summaryColumns)
    .from(backups)
    .leftJoin(users, eq(users.id, backups.createdBy))
    .where(eq(backups.id, backup.id));
  return presentBackupSummary(row!);
}

/** Backups of a network: take, list, view with the difference to now, restore, delete (issue 4, Backup). */
export function backupRoutes(app: FastifyInstance): void {
  serveCall(app, 'backupAdd', async ({ ctx, session, payload }) => {
    authorize((await loadNetworkAccess(ctx, session.uid, payload.nid)).abilities.backup);
    return takeBackup(ctx, session.uid, payload.nid, payload.name);
  });

  serveCall(app, 'backupList', async ({ ctx, session, payload }) => {
    authorize((await loadNetworkAccess(ctx, session.uid, payload.nid)).abilities.backup);
    const rows = await ctx.db
      .select(summaryColumns)
      .from(backups)
      .leftJoin(users, eq(users.id, backups.createdBy))
      .where(eq(backups.nid, payload.nid))
      .orderBy(desc(backups.createdAt), desc(backups.id));
    const list = rows.map(presentBackupSummary);
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'backupView', async ({ ctx, session, payload }) => {
    const { backup, access } = await loadBackup(ctx, session.uid, payload.backupId);
    const content = BackupContentSchema.parse(backup.content);
    const now = await readNetworkSnapshot(ctx.db, access.network);
    const { warnings } = await planRestore(ctx.db, access.network.id, content);
    return {
      ...(await summaryOf(ctx, backup)),
      content,
      parts: backupParts(content),
      diff: diffBackup(content, now),
      warnings,
    };
  });

  serveCall(app, 'backupRestore', async ({ ctx, session, payload }) => {
    const { backup } = await loadBackup(ctx, session.uid, payload.backupId);
    return restoreBackup(ctx, session.uid, backup);
  });

  serveCall(app, 'backupDelete', async ({ ctx, session, payload }) => {
    const { backup, access } = await loadBackup(ctx, session.uid, payload.backupId);
    const summary = await summaryOf(ctx, backup);
    await deleteBackup(ctx, { uid: session.uid, network: access.network }, backup, summary);
    return null;
  });
}
