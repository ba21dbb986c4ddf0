import { type DisplayToken, epochSeconds, epochSecondsOrNull } from '@lightwell/domain';
import type { displayTokens } from '../db/schema.ts';

/** A display key row. */
export type DisplayRow = typeof displayTokens.$inferSelect;

/** A display key as its network's administrator lists it: never the key or its hash. */
export function presentDisplay(row: DisplayRow, createdByName: string | null): DisplayToken {
  return {
    id: row.id,
    nid: row.nid,
    name: row.name,
    createdByName,
    createTime: epochSeconds(row.createdAt),
    lastUsed: epochSecondsOrNull(row.lastUsedAt),
  };
}
