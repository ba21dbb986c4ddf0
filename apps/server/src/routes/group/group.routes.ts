import { Code, refusedGroupMembers } from '@lightwell/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devices, groupDevices, groups, sceneDevices } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { authorizeConfigure, hasRealDevices } from '../../policies/network-edit.ts';
import { recordAudit } from '../../services/audit.ts';
import { lockNetwork } from '../../services/lock-network.ts';
import { devicesOfNetwork, findGroup, listGroups, loadGroup } from './group-queries.ts';
import { assertPictureUsable, pictureRoutes } from './picture.routes.ts';

/** Groups of luminaires or emergency devices (section 3; page 4-3). */
export function groupRoutes(app: FastifyInstance): void {
  pictureRoutes(app);

  serveCall(app, 'groupList', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    return listGroups(ctx.db, payload.nid);
  });

  serveCall(app, 'groupDeviceOptions', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    const slots = ctx.db
      .select({ deviceId: sceneDevices.deviceId, used: count().as('used') })
      .from(sceneDevices)
      .groupBy(sceneDevices.deviceId)
      .as('slots');
    const rows = await ctx.db
      .select({
        id: devices.id,
        name: devices.name,
        kind: devices.kind,
        mac: devices.mac,
        isVirtual: devices.isVirtual,
        used: slots.used,
      })
      .from(devices)
      .leftJoin(slots, eq(slots.deviceId, devices.id))
      .where(and(eq(devices.nid, payload.nid), inArray(devices.kind, ['luminaire', 'emergency'])))
      .orderBy(asc(devices.name), asc(devices.id));
    return rows.map(({ used, ...row }) => ({ ...row, sceneSlotsUsed: Number(used ?? 0) }));
  });

  serveCall(app, 'groupAdd', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeConfigure(access);
    await assertPictureUsable(ctx.db, session.uid, payload.nid, payload.image);
    return ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(groups)
        .values({
          nid: payload.nid,
          type: payload.type,
          name: payload.name,
          category: payload.category,
          image: payload.image ?? null,
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        })
        .returning();
      await recordAudit(tx, {
        action: 'group.add',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: payload.nid,
        after: { id: row!.id, name: row!.name, type: row!.type },
      });
      return loadGroup(tx, row!.id);
    });
  });

  serveCall(app, 'groupUpdate', async ({ ctx, session, payload }) => {
    const group = await findGroup(ctx.db, payload.groupId);
    authorizeConfigure(await loadNetworkAccess(ctx, session.uid, group.nid));
    await assertPictureUsable(ctx.db, session.uid, group.nid, payload.image);
    await ctx.db
      .update(groups)
      .set({ name: payload.name, category: payload.category, image: payload.image, updatedAt: ctx.now() })
      .where(eq(groups.id, group.id));
    return loadGroup(ctx.db, group.id);
  });

  serveCall(app, 'groupDelete', async ({ ctx, session, payload }) => {
    const group = await findGroup(ctx.db, payload.groupId);
    const access = await loadNetworkAccess(ctx, session.uid, group.nid);
    authorizeConfigure(access);
    await ctx.db.transaction(async (tx) => {
      await lockNetwork(tx, group.nid);
      const current = await loadGroup(tx, group.id);
      if (current.realDeviceCount > 0) throw hasRealDevices(current.realDeviceCount);
      await tx.delete(groups).where(eq(groups.id, group.id));
      await recordAudit(tx, {
        action: 'group.delete',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: group.nid,
        before: { id: group.id, name: group.name },
      });
    });
    return null;
  });

  serveCall(app, 'groupDeviceAdd', async ({ ctx, session, payload }) => {
    const group = await findGroup(ctx.db, payload.groupId);
    authorizeConfigure(await loadNetworkAccess(ctx, session.uid, group.nid));
    const members = await devicesOfNetwork(ctx.db, group.nid, payload.deviceIds);
    const refused = refusedGroupMembers(group.type, members);
    if (refused.length > 0) {
      const message =
        group.type === 2 ? 'Emergency groups take only emergency devices.' : 'Luminaire groups take only luminaires.';
      throw new CallError(
        Code.badInput,
        message,
        { devices: refused },
        { key: group.type === 2 ? 'refusals.1001.groupEmergencyOnly' : 'refusals.1001.groupLuminairesOnly' },
      );
    }
    await ctx.db
      .insert(groupDevices)
      .values(members.map((device) => ({ groupId: group.id, deviceId: device.id })))
      .onConflictDoNothing();
    return loadGroup(ctx.db, group.id);
  });

  serveCall(app, 'groupDeviceRemove', async ({ ctx, session, payload }) => {
    const group = await findGroup(ctx.db, payload.groupId);
    authorizeConfigure(await loadNetworkAccess(ctx, session.uid, group.nid));
    await ctx.db
      .delete(groupDevices)
      .where(and(eq(groupDevices.groupId, group.id), inArray(groupDevices.deviceId, payload.deviceIds)));
    return loadGroup(ctx.db, group.id);
  });
}
