import { Code, canRemoveMember, canRestoreNetwork, epochSeconds, Limits, transferOwnership } from '@lightwell/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { listMemberNetworks, memberNetworksWhere, membersOf } from '../../db/queries/networks.ts';
import { auditEvents, networkUsers, projects, users } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { Answer } from '../../lib/call-error.ts';
import { authorize, loadNetworkAccess } from '../../policies/access.ts';
import { removeMember } from '../../services/network-members/remove-member.ts';
import { transferNetworkOwnership } from '../../services/network-members/transfer-network-ownership.ts';
import { restoreNetwork } from '../../services/networks/recycle-network.ts';

/** Members of a network, ownership transfer, the recycle bin and the audit trail. */
export function networkMemberRoutes(app: FastifyInstance): void {
  serveCall(app, 'networkUserList', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    const rows = await ctx.db
      .select({
        uid: users.id,
        name: users.name,
        email: users.email,
        userType: networkUsers.userType,
        date: networkUsers.createdAt,
      })
      .from(networkUsers)
      .innerJoin(users, eq(users.id, networkUsers.uid))
      .where(eq(networkUsers.nid, payload.nid))
      .orderBy(networkUsers.userType, users.name);
    return rows.map((row) => ({
      uid: row.uid,
      name: row.name,
      email: access.abilities.manageMembers || row.uid === session.uid ? row.email : null,
      userType: row.userType,
      date: epochSeconds(row.date),
      isMe: row.uid === session.uid,
      canRemove: row.uid !== session.uid && canRemoveMember(access.members, session.uid, row.uid),
      canTransfer: transferOwnership(access.members, session.uid, row.uid) !== null,
    }));
  });

  serveCall(app, 'networkUserDelete', async ({ ctx, session, payload }) => {
    const { network, members } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorize(canRemoveMember(members, session.uid, payload.memberUid));
    await removeMember(ctx, session.uid, network, members, payload.memberUid);
    return null;
  });

  serveCall(app, 'networkUserTransfer', async ({ ctx, session, payload }) => {
    const { network, members } = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorize(members.some((m) => m.uid === payload.memberUid));
    const next = transferOwnership(members, session.uid, payload.memberUid);
    authorize(next !== null);
    await transferNetworkOwnership(ctx, session.uid, network, members, next!);
    return null;
  });

  serveCall(app, 'networkRecycleList', async ({ ctx, session }) => {
    const { rows } = await listMemberNetworks(ctx.db, memberNetworksWhere(session.uid, { deleted: true }));
    const members = await membersOf(
      ctx.db,
      rows.map((row) => row.id),
    );
    const names = new Map(
      (await ctx.db.select({ id: projects.id, name: projects.name }).from(projects)).map((p) => [p.id, p.name]),
    );
    const list = rows.map((row) => ({
      id: row.id,
      name: row.name,
      pid: row.pid,
      pName: names.get(row.pid) ?? '',
      deletedAt: epochSeconds(row.deletedAt!),
      purgeAt: epochSeconds(row.deletedAt!) + Limits.recycleRetentionDays * 86_400,
      canRestore: canRestoreNetwork(members.get(row.id) ?? [], session.uid),
    }));
    return list.length === 0 ? new Answer(Code.emptyList, list) : list;
  });

  serveCall(app, 'networkRecycleRestore', async ({ ctx, session, payload }) => {
    const { network, members } = await loadNetworkAccess(ctx, session.uid, payload.nid, { deleted: true });
    authorize(canRestoreNetwork(members, session.uid));
    await restoreNetwork(ctx, session.uid, network, members);
    return null;
  });

  serveCall(app, 'networkAuditList', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorize(access.abilities.viewAudit);
    const rows = await ctx.db
      .select({ event: auditEvents, actor: users.name })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.actorUid))
      .where(eq(auditEvents.nid, payload.nid))
      .orderBy(desc(auditEvents.id))
      .limit(payload.pageSize)
      .offset((payload.page - 1) * payload.pageSize);
    const [total] = await ctx.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.nid, payload.nid));
    return {
      list: rows.map(({ event, actor }) => ({
        id: event.id,
        action: event.action,
        actor,
        before: event.before,
        after: event.after,
        createdAt: epochSeconds(event.createdAt),
      })),
      total: total?.n ?? 0,
      page: payload.page,
      pageSize: payload.pageSize,
    };
  });
}
