import { canEditProjectSettings, type UserTypeValue } from '@lightwell/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { networks, networkUsers } from '../db/schema.ts';
import { loadProjectAccess } from './access.ts';

/**
 * A project the caller belongs to (1013 for anyone else, existing or not), with whether they may change
 * its header settings and recipients (`canEditProjectSettings`).
 */
export async function loadProjectSettingsAccess(ctx: AppContext, uid: number, pid: number) {
  const access = await loadProjectAccess(ctx, uid, pid);
  const roles = await ctx.db
    .select({ userType: networkUsers.userType })
    .from(networkUsers)
    .innerJoin(networks, eq(networks.id, networkUsers.nid))
    .where(and(eq(networkUsers.uid, uid), eq(networks.pid, pid), isNull(networks.deletedAt)));
  const canEdit = canEditProjectSettings(
    access.isCreator,
    roles.map((r) => r.userType as UserTypeValue),
  );
  return { ...access, canEdit };
}
