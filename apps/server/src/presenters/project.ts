import type { ProjectSummary } from '@lightwell/domain';
import { epochSeconds } from '@lightwell/domain';
import type { projects } from '../db/schema.ts';

/** A project as a member sees it in lists. */
export function presentProjectSummary(row: typeof projects.$inferSelect, isDefault: boolean): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    remarks: row.remarks,
    isDefault,
    updatedAt: epochSeconds(row.updatedAt),
  };
}
