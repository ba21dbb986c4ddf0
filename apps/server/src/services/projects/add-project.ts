import type { CallPayload } from '@lightwell/domain';
import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects, projectUsers } from '../../db/schema.ts';
import { recordAudit } from '../audit.ts';
import { createProject } from '../create-default-project.ts';

/**
 * Creates a project owned by `uid`, their default when they have none; audited. Answers the new row and
 * whether it became the default.
 */
export function addProject(
  ctx: AppContext,
  uid: number,
  payload: CallPayload<'projectAdd'>,
): Promise<{ row: typeof projects.$inferSelect; isDefault: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const [hasDefault] = await tx
      .select({ n: count() })
      .from(projectUsers)
      .where(and(eq(projectUsers.uid, uid), eq(projectUsers.isDefault, true)));
    const isDefault = (hasDefault?.n ?? 0) === 0;
    const pid = await createProject(tx, { uid, name: payload.name, remarks: payload.remarks, isDefault });
    const [row] = await tx.select().from(projects).where(eq(projects.id, pid));
    await recordAudit(tx, { action: 'project.create', actorUid: uid, pid, after: payload });
    return { row: row!, isDefault };
  });
}
