import { Code, Limits } from '@lightwell/domain';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { escapeLike, listMemberNetworks, memberNetworksWhere } from '../../db/queries/networks.ts';
import { isProjectMemberSql, projectFacts, projectFactsOf } from '../../db/queries/projects.ts';
import { networks, projects, projectUsers } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { authorize, loadProjectAccess } from '../../policies/access.ts';
import { presentProjectSummary } from '../../presenters/project.ts';
import { addProject } from '../../services/projects/add-project.ts';
import { deleteProject } from '../../services/projects/delete-project.ts';
import { setDefaultProject } from '../../services/projects/set-default-project.ts';
import { updateProject } from '../../services/projects/update-project.ts';

/**
 * Projects of the signed-in user: those they created or hold a role in a live network of
 * (`isProjectMember`); a project row without either is not listed.
 */
export function projectRoutes(app: FastifyInstance): void {
  const memberProjects = (uid: number, keyword?: string) =>
    and(
      eq(projectUsers.uid, uid),
      isProjectMemberSql(uid),
      keyword ? ilike(projects.name, `%${escapeLike(keyword)}%`) : undefined,
    );

  serveCall(app, 'projectAll', async ({ ctx, session }) => {
    const rows = await ctx.db
      .select({ project: projects, isDefault: projectUsers.isDefault })
      .from(projectUsers)
      .innerJoin(projects, eq(projects.id, projectUsers.pid))
      .where(memberProjects(session.uid))
      .orderBy(desc(projectUsers.isDefault), desc(projects.updatedAt), desc(projects.id));
    const facts = await projectFacts(
      ctx.db,
      session.uid,
      rows.map((row) => row.project.id),
    );
    const list = rows.map((row) => presentProjectSummary(row.project, row.isDefault, facts.get(row.project.id)!));
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'projectVoList', async ({ ctx, session, payload }) => {
    const where = memberProjects(session.uid, payload.keyword);
    const rows = await ctx.db
      .select({ project: projects, isDefault: projectUsers.isDefault })
      .from(projectUsers)
      .innerJoin(projects, eq(projects.id, projectUsers.pid))
      .where(where)
      .orderBy(desc(projectUsers.isDefault), desc(projects.updatedAt), desc(projects.id))
      .limit(payload.pageSize)
      .offset((payload.page - 1) * payload.pageSize);
    const [total] = await ctx.db
      .select({ n: count() })
      .from(projectUsers)
      .innerJoin(projects, eq(projects.id, projectUsers.pid))
      .where(where);
    const counts = new Map<number, number>();
    for (const { project } of rows) {
      const { total: n } = await listMemberNetworks(ctx.db, memberNetworksWhere(session.uid, { pid: project.id }), {
        page: 1,
        pageSize: Limits.defaultPageSize,
      });
      counts.set(project.id, n);
    }
    const facts = await projectFacts(
      ctx.db,
      session.uid,
      rows.map((row) => row.project.id),
    );
    const list = rows.map((row) => ({
      ...presentProjectSummary(row.project, row.isDefault, facts.get(row.project.id)!),
      networkCount: counts.get(row.project.id) ?? 0,
    }));
    return { list, total: total?.n ?? 0, page: payload.page, pageSize: payload.pageSize };
  });

  serveCall(app, 'projectInfoList', async ({ ctx, session }) => {
    const rows = await ctx.db
      .select({ project: projects, isDefault: projectUsers.isDefault })
      .from(projectUsers)
      .innerJoin(projects, eq(projects.id, projectUsers.pid))
      .where(memberProjects(session.uid))
      .orderBy(desc(projectUsers.isDefault), desc(projects.updatedAt), desc(projects.id));
    const { rows: nets } = await listMemberNetworks(ctx.db, memberNetworksWhere(session.uid));
    const facts = await projectFacts(
      ctx.db,
      session.uid,
      rows.map((row) => row.project.id),
    );
    return rows.map(({ project, isDefault }) => ({
      id: project.id,
      name: project.name,
      isDefault,
      ownerName: facts.get(project.id)?.ownerName ?? '',
      isCreator: project.createdBy === session.uid,
      networks: nets.filter((n) => n.pid === project.id).map((n) => ({ id: n.id, name: n.name, timeZone: n.timeZone })),
    }));
  });

  serveCall(app, 'projectNetworkAll', async ({ ctx, session, payload }) => {
    await loadProjectAccess(ctx, session.uid, payload.pid);
    const { rows } = await listMemberNetworks(ctx.db, memberNetworksWhere(session.uid, { pid: payload.pid }));
    const list = rows.map((n) => ({ id: n.id, name: n.name }));
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'projectAdd', async ({ ctx, session, payload }) => {
    const { row, isDefault } = await addProject(ctx, session.uid, payload);
    return presentProjectSummary(row, isDefault, await projectFactsOf(ctx.db, session.uid, row.id));
  });

  serveCall(app, 'projectUpdate', async ({ ctx, session, payload }) => {
    const access = await loadProjectAccess(ctx, session.uid, payload.pid);
    authorize(access.isCreator);
    const row = await updateProject(ctx, session.uid, access.project, payload);
    return presentProjectSummary(row, access.isDefault, await projectFactsOf(ctx.db, session.uid, row.id));
  });

  serveCall(app, 'projectUpdateId', async ({ ctx, session, payload }) => {
    await loadProjectAccess(ctx, session.uid, payload.pid);
    await setDefaultProject(ctx, session.uid, payload.pid);
    return null;
  });

  serveCall(app, 'projectId', async ({ ctx, session }) => {
    const [row] = await ctx.db
      .select({ id: projects.id, name: projects.name })
      .from(projectUsers)
      .innerJoin(projects, eq(projects.id, projectUsers.pid))
      .where(and(memberProjects(session.uid), eq(projectUsers.isDefault, true)))
      .limit(1);
    return row ?? new Answer(Code.emptyList, null);
  });

  serveCall(app, 'projectDelete', async ({ ctx, session, payload }) => {
    const access = await loadProjectAccess(ctx, session.uid, payload.pid);
    authorize(access.isCreator);
    const [held] = await ctx.db.select({ n: count() }).from(networks).where(eq(networks.pid, payload.pid));
    if ((held?.n ?? 0) > 0) {
      throw new CallError(
        Code.projectHasNetworks,
        'A project with networks cannot be deleted (the recycle bin counts too).',
      );
    }
    const [mine] = await ctx.db
      .select({ n: count() })
      .from(projectUsers)
      .innerJoin(projects, eq(projects.id, projectUsers.pid))
      .where(memberProjects(session.uid));
    if ((mine?.n ?? 0) <= 1) {
      throw new CallError(Code.emptyList, 'Your last project cannot be deleted.', null, {
        key: 'refusals.1050.lastProject',
      });
    }
    await deleteProject(ctx, session.uid, access.project);
    return null;
  });
}
