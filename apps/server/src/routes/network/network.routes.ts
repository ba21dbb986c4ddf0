import { Code, canEditNetwork, deleteOutcome } from '@lightwell/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { listMemberNetworks, memberNetworksWhere, membersOf } from '../../db/queries/networks.ts';
import { projectFacts, projectFactsOf } from '../../db/queries/projects.ts';
import { projects, projectUsers, users } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { authorize, loadNetworkAccess, loadProjectAccess, type NetworkAccess } from '../../policies/access.ts';
import { presentNetworkDetail, presentNetworkSummary } from '../../presenters/network.ts';
import { moveNetworks } from '../../services/move-networks.ts';
import { createNetwork } from '../../services/networks/create-network.ts';
import { leaveNetwork } from '../../services/networks/leave-network.ts';
import { deleteNetwork } from '../../services/networks/recycle-network.ts';
import { updateNetwork } from '../../services/networks/update-network.ts';

/** Name of a project and of its owner (creator). */
async function projectNames(ctx: AppContext, pid: number) {
  const [project] = await ctx.db
    .select({ name: projects.name, ownerName: users.name })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.createdBy))
    .where(eq(projects.id, pid));
  return { name: project?.name ?? '', ownerName: project?.ownerName ?? '' };
}

async function detail(ctx: AppContext, uid: number, access: Pick<NetworkAccess, 'network' | 'members'>) {
  return presentNetworkDetail(access.network, access.members, uid, await projectNames(ctx, access.network.pid));
}

async function summaries(ctx: AppContext, uid: number, rows: NetworkAccess['network'][]) {
  const members = await membersOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentNetworkSummary(row, members.get(row.id) ?? [], uid));
}

/** Networks: lists, one network, create, update, delete or leave, and moves between projects. */
export function networkRoutes(app: FastifyInstance): void {
  serveCall(app, 'networkAll', async ({ ctx, session }) => {
    const { rows } = await listMemberNetworks(ctx.db, memberNetworksWhere(session.uid));
    const list = rows.map((n) => ({ id: n.id, name: n.name }));
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'networkVoList', async ({ ctx, session, payload }) => {
    await loadProjectAccess(ctx, session.uid, payload.pid);
    const where = memberNetworksWhere(session.uid, { pid: payload.pid, keyword: payload.keyword });
    const { rows, total } = await listMemberNetworks(ctx.db, where, payload);
    const page = {
      list: await summaries(ctx, session.uid, rows),
      total,
      page: payload.page,
      pageSize: payload.pageSize,
    };
    return total === 0 ? new Answer(Code.emptyList, page) : page;
  });

  serveCall(app, 'networkPidList', async ({ ctx, session, payload }) => {
    await loadProjectAccess(ctx, session.uid, payload.pid);
    const { rows } = await listMemberNetworks(ctx.db, memberNetworksWhere(session.uid, { pid: payload.pid }));
    const list = await summaries(ctx, session.uid, rows);
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'networkVoByNid', async ({ ctx, session, payload }) =>
    detail(ctx, session.uid, await loadNetworkAccess(ctx, session.uid, payload.nid)),
  );

  serveCall(app, 'networkId', async ({ ctx, session, payload }) => {
    const { network } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const project = await projectNames(ctx, network.pid);
    return { id: network.id, name: network.name, pid: network.pid, pName: project.name, pOwnerName: project.ownerName };
  });

  serveCall(app, 'networkAdd', async ({ ctx, session, payload }) => {
    await loadProjectAccess(ctx, session.uid, payload.pid);
    authorize((await projectFactsOf(ctx.db, session.uid, payload.pid)).canAddNetwork);
    return detail(ctx, session.uid, await createNetwork(ctx, session.uid, payload));
  });

  serveCall(app, 'networkVoUpdate', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.key.id);
    authorize(access.network.pid === payload.pid && canEditNetwork(access.members, session.uid));
    const network = await updateNetwork(ctx, session.uid, access.network, payload.key);
    return detail(ctx, session.uid, { network, members: access.members });
  });

  serveCall(app, 'networkDelete', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const outcome = deleteOutcome(access.members, session.uid);
    if (outcome === 'refuseOthers') {
      throw new CallError(Code.networkNotDeletable, 'Other users are still in this network; remove them first.');
    }
    if (outcome === 'leave') {
      await leaveNetwork(ctx, access.network, access.me);
      return { outcome: 'left' as const };
    }
    await deleteNetwork(ctx, session.uid, access.network, access.members);
    return { outcome: 'deleted' as const };
  });

  serveCall(app, 'networkMoveList', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorize(access.abilities.edit);
    const list = await ctx.db
      .select({ id: projects.id, name: projects.name })
      .from(projectUsers)
      .innerJoin(projects, eq(projects.id, projectUsers.pid))
      .where(and(eq(projectUsers.uid, session.uid), ne(projects.id, access.network.pid)))
      .orderBy(projects.name);
    // Only projects the user may add a network to (`network/move/save` refuses the others).
    const facts = await projectFacts(
      ctx.db,
      session.uid,
      list.map((p) => p.id),
    );
    const targets = list.filter((p) => facts.get(p.id)?.canAddNetwork);
    return targets.length === 0 ? new Answer(Code.emptyList, targets) : targets;
  });

  serveCall(app, 'networkMoveSave', async ({ ctx, session, payload }) => {
    await moveNetworks(ctx, session.uid, [payload.nid], payload.pid);
    return null;
  });

  serveCall(app, 'networkPatchMoveSave', async ({ ctx, session, payload }) => {
    await moveNetworks(ctx, session.uid, payload.nids, payload.pid);
    return null;
  });
}
