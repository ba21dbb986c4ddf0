import type { BackupSummary } from '@lightwell/domain';
import { epochSeconds } from '@lightwell/domain';
import type { backups } from '../db/schema.ts';

/** A backup row without its content, with its creator's name and what it holds. */
export interface BackupListRow {
  id: number;
  nid: number;
  name: string;
  createdAt: Date;
  creatorName: string | null;
  version: number;
  zoneCount: number;
  nodeCount: number;
}

/** A backup row. */
export type BackupRow = typeof backups.$inferSelect;

/** A backup in lists: never its content. */
export function presentBackupSummary(row: BackupListRow): BackupSummary {
  return {
    id: row.id,
    nid: row.nid,
    name: row.name,
    createdAt: epochSeconds(row.createdAt),
    createdBy: row.creatorName,
    version: row.version,
    zoneCount: row.zoneCount,
    nodeCount: row.nodeCount,
  };
}
