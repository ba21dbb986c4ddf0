import { z } from 'zod';
import {
  BackupAddShape,
  BackupDetailSchema,
  BackupRestoreResultSchema,
  BackupSummarySchema,
} from '../schemas/backup.ts';
import { IdSchema } from '../schemas/common.ts';
import { type CallDef, defineCall, nothing } from './define.ts';

const backupId = { backupId: IdSchema };

/** Backups of a network: take, list, view with the difference to now, restore, delete (owners and installers). */
export const backupCalls = {
  backupAdd: defineCall({
    path: '/api/v1/backup/add',
    auth: true,
    tag: 'backup',
    summary: "Take a backup of a network's whole configuration",
    payload: BackupAddShape,
    data: BackupSummarySchema,
  }),
  backupList: defineCall({
    path: '/api/v1/backup/list',
    auth: true,
    tag: 'backup',
    summary: 'Backups of a network, newest first (1050 when none)',
    payload: { nid: IdSchema },
    data: z.array(BackupSummarySchema),
  }),
  backupView: defineCall({
    path: '/api/v1/backup/view',
    auth: true,
    tag: 'backup',
    summary: 'One backup: what it holds per part, how the network now differs from it, what a restore would skip',
    payload: backupId,
    data: BackupDetailSchema,
  }),
  backupRestore: defineCall({
    path: '/api/v1/backup/restore',
    auth: true,
    tag: 'backup',
    summary: "Restore a backup: the network's configuration becomes exactly the backup's; answers what it skipped",
    payload: backupId,
    data: BackupRestoreResultSchema,
  }),
  backupDelete: defineCall({
    path: '/api/v1/backup/delete',
    auth: true,
    tag: 'backup',
    summary: 'Delete a backup',
    payload: backupId,
    data: nothing,
  }),
} satisfies Record<string, CallDef>;
