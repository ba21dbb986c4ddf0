import type { CallPayload } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projects } from '../../db/schema.ts';
import { recordAudit } from '../audit.ts';

/** Renames project `before` and replaces its remarks; audited. Answers the changed row. */
export function updateProject(
  ctx: AppContext,
  uid: number,
  before: typeof projects.$inferSelect,
  payload: CallPayload<'projectUpdate'>,
): Promise<typeof projects.$inferSelect> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(projects)
      .set({ name: payload.name, remarks: payload.remarks, updatedAt: ctx.now() })
      .where(eq(projects.id, before.id))
      .returning();
    await recordAudit(tx, {
      action: 'project.update',
      actorUid: uid,
      pid: before.id,
      before: { name: before.name, remarks: before.remarks },
      after: payload,
    });
    return row!;
  });
}
