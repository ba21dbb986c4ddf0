import type { ProjectSummary } from '@lightwell/domain';
import { epochSeconds } from '@lightwell/domain';
import type { ProjectFacts } from '../db/queries/projects.ts';
import type { projects } from '../db/schema.ts';

/** A project as a member sees it in lists, with its owner's name and what the member may do in it. */
export function presentProjectSummary(
  row: typeof projects.$inferSelect,
  isDefault: boolean,
  facts: ProjectFacts,
): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    remarks: row.remarks,
    isDefault,
    updatedAt: epochSeconds(row.updatedAt),
    ownerName: facts.ownerName,
    isCreator: facts.isCreator,
    canAddNetwork: facts.canAddNetwork,
  };
}
