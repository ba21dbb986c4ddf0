import type { FastifyInstance } from 'fastify';
import { serveCall } from '../../http/serve-call.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { authorizeConfigure } from '../../policies/network-edit.ts';
import { addGroupDevices, removeGroupDevices } from '../../services/groups/change-group-devices.ts';
import { deleteGroup } from '../../services/groups/delete-group.ts';
import { devicesOfNetwork, findGroup, groupDeviceOptions, listGroups } from '../../services/groups/load-groups.ts';
import { addGroup, updateGroup } from '../../services/groups/save-group.ts';
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
    return groupDeviceOptions(ctx.db, payload.nid);
  });

  serveCall(app, 'groupAdd', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeConfigure(access);
    await assertPictureUsable(ctx.db, session.uid, payload.nid, payload.image);
    return addGroup(ctx, { uid: session.uid, network: access.network }, payload);
  });

  serveCall(app, 'groupUpdate', async ({ ctx, session, payload }) => {
    const group = await findGroup(ctx.db, payload.groupId);
    authorizeConfigure(await loadNetworkAccess(ctx, session.uid, group.nid));
    await assertPictureUsable(ctx.db, session.uid, group.nid, payload.image);
    return updateGroup(ctx, group, payload);
  });

  serveCall(app, 'groupDelete', async ({ ctx, session, payload }) => {
    const group = await findGroup(ctx.db, payload.groupId);
    const access = await loadNetworkAccess(ctx, session.uid, group.nid);
    authorizeConfigure(access);
    await deleteGroup(ctx, { uid: session.uid, network: access.network }, group);
    return null;
  });

  serveCall(app, 'groupDeviceAdd', async ({ ctx, session, payload }) => {
    const group = await findGroup(ctx.db, payload.groupId);
    authorizeConfigure(await loadNetworkAccess(ctx, session.uid, group.nid));
    const members = await devicesOfNetwork(ctx.db, group.nid, payload.deviceIds);
    return addGroupDevices(ctx, group, members);
  });

  serveCall(app, 'groupDeviceRemove', async ({ ctx, session, payload }) => {
    const group = await findGroup(ctx.db, payload.groupId);
    authorizeConfigure(await loadNetworkAccess(ctx, session.uid, group.nid));
    return removeGroupDevices(ctx, group, payload.deviceIds);
  });
}
