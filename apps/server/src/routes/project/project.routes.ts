import { Code } from '@lightwell/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projects, projectUsers } from '../../db/schema.ts';
import { Answer } from '../../lib/call-error.ts';
import { serveCall } from '../../lib/serve-call.ts';
import { presentProjectSummary } from '../../presenters/project.ts';

/** Projects of the signed-in user. */
export function projectRoutes(app: FastifyInstance): void {
  serveCall(app, 'projectAll', async ({ ctx, session }) => {
    const rows = await ctx.db
      .select({ project: projects, isDefault: projectUsers.isDefault })
      .from(projectUsers)
      .innerJoin(projects, eq(projects.id, projectUsers.pid))
      .where(eq(projectUsers.uid, session.uid))
      .orderBy(desc(projectUsers.isDefault), desc(projects.updatedAt), desc(projects.id));
    const list = rows.map((row) => presentProjectSummary(row.project, row.isDefault));
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });
}
