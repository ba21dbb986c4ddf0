import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projectUsers } from '../../db/schema.ts';

/** Makes project `pid` the default project of user `uid`, and none of their others. */
export async function setDefaultProject(ctx: AppContext, uid: number, pid: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(projectUsers)
      .set({ isDefault: false })
      .where(and(eq(projectUsers.uid, uid), ne(projectUsers.pid, pid)));
    await tx
      .update(projectUsers)
      .set({ isDefault: true })
      .where(and(eq(projectUsers.uid, uid), eq(projectUsers.pid, pid)));
  });
}
