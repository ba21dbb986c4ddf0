import { Code, canEditNetwork, deleteOutcome, priceToStored } from '@lightwell/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { listMemberNetworks, memberNetworksWhere, membersOf } from '../../db/queries/networks.ts';
import { projectFacts, projectFactsOf } from '../../db/queries/projects.ts';
import { networks, networkUsers, projects, projectUsers, users } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer, CallError } from '../../lib/call-error.ts';
import { authorize, loadNetworkAccess, loadProjectAccess, type NetworkAccess } from '../../policies/access.ts';
import { auditNetwork, presentNetworkDetail, presentNetworkSummary } from '../../presenters/network.ts';
import { recordAudit } from '../../services/audit.ts';
import { recordPriceChange } from '../../services/energy/tariffs.ts';
import { moveNetworks } from '../../services/move-networks.ts';
import { releaseProjectMembers } from '../../services/release-project-members.ts';

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
    return ctx.db.transaction(async (tx) => {
      const [network] = await tx
        .insert(networks)
        .values({
          pid: payload.pid,
          name: payload.name,
          category: payload.category,
          electricityPrice: priceToStored(payload.electricityPrice),
          currency: payload.currency,
          createdBy: session.uid,
        })
        .returning();
      const members = [{ uid: session.uid, userType: payload.userType }];
      await tx.insert(networkUsers).values({ nid: network!.id, ...members[0]! });
      await recordAudit(tx, {
        action: 'network.create',
        actorUid: session.uid,
        pid: payload.pid,
        nid: network!.id,
        after: auditNetwork(network!),
      });
      return detail({ ...ctx, db: tx }, session.uid, { network: network!, members });
    });
  });

  serveCall(app, 'networkVoUpdate', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.key.id);
    authorize(access.network.pid === payload.pid && canEditNetwork(access.members, session.uid));
    return ctx.db.transaction(async (tx) => {
      const [network] = await tx
        .update(networks)
        .set({
          // A field left out of `key` keeps its stored value (undefined columns are not written).
          name: payload.key.name,
          category: payload.key.category,
          electricityPrice:
            payload.key.electricityPrice === undefined ? undefined : priceToStored(payload.key.electricityPrice),
          currency: payload.key.currency,
          updatedAt: ctx.now(),
        })
        .where(eq(networks.id, access.network.id))
        .returning();
      await recordPriceChange(ctx, tx, access.network, session.uid);
      await recordAudit(tx, {
        action: 'network.update',
        actorUid: session.uid,
        pid: network!.pid,
        nid: network!.id,
        before: auditNetwork(access.network),
        after: auditNetwork(network!),
      });
      return detail({ ...ctx, db: tx }, session.uid, { network: network!, members: access.members });
    });
  });

  serveCall(app, 'networkDelete', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const outcome = deleteOutcome(access.members, session.uid);
    if (outcome === 'refuseOthers') {
      throw new CallError(Code.networkNotDeletable, 'Other users are still in this network; remove them first.');
    }
    const { network } = access;
    return ctx.db.transaction(async (tx) => {
      if (outcome === 'leave') {
        await tx.delete(networkUsers).where(and(eq(networkUsers.nid, network.id), eq(networkUsers.uid, session.uid)));
        await releaseProjectMembers(tx, network.pid, [session.uid]);
        await recordAudit(tx, {
          action: 'network.leave',
          actorUid: session.uid,
          pid: network.pid,
          nid: network.id,
          before: access.me,
        });
        return { outcome: 'left' as const };
      }
      const [deleted] = await tx
        .update(networks)
        .set({ deletedAt: ctx.now(), deletedBy: session.uid })
        .where(eq(networks.id, network.id))
        .returning();
      // A network in the recycle bin keeps nobody in its project; restoring it brings its members back.
      await releaseProjectMembers(
        tx,
        network.pid,
        access.members.map((m) => m.uid),
      );
      await recordAudit(tx, {
        action: 'network.delete',
        actorUid: session.uid,
        pid: network.pid,
        nid: network.id,
        before: auditNetwork(network),
        after: auditNetwork(deleted!),
      });
      return { outcome: 'deleted' as const };
    });
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
