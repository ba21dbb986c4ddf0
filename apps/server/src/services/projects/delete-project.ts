import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { files, projectReportSetups, projects, projectUsers } from '../../db/schema.ts';
import { recordAudit } from '../audit.ts';

/**
 * Deletes an empty project. Every member whose default it was gets their most recently changed other
 * project as default, so each user keeps a default project.
 */
export async function deleteProject(ctx: AppContext, uid: number, project: typeof projects.$inferSelect) {
  await ctx.db.transaction(async (tx) => {
    const orphaned = await tx
      .select({ uid: projectUsers.uid })
      .from(projectUsers)
      .where(and(eq(projectUsers.pid, project.id), eq(projectUsers.isDefault, true)));
    const [setup] = await tx.select().from(projectReportSetups).where(eq(projectReportSetups.pid, project.id));
    await tx.delete(projectUsers).where(eq(projectUsers.pid, project.id));
    await tx.delete(projects).where(eq(projects.id, project.id));
    // The header logos belong to the project alone.
    const logos = [setup?.logo, setup?.wideLogo].filter((name): name is string => Boolean(name));
    if (logos.length) await tx.delete(files).where(inArray(files.name, logos));
    for (const { uid: member } of orphaned) {
      const [next] = await tx
        .select({ pid: projectUsers.pid })
        .from(projectUsers)
        .innerJoin(projects, eq(projects.id, projectUsers.pid))
        .where(eq(projectUsers.uid, member))
        .orderBy(desc(projects.updatedAt))
        .limit(1);
      if (next) {
        await tx
          .update(projectUsers)
          .set({ isDefault: true })
          .where(and(eq(projectUsers.uid, member), inArray(projectUsers.pid, [next.pid])));
      }
    }
    await recordAudit(tx, {
      action: 'project.delete',
      actorUid: uid,
      pid: project.id,
      before: { name: project.name, remarks: project.remarks },
    });
  });
}
