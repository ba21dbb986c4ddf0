import { Code, parseSceneDefinition, type SceneType } from '@lightwell/domain';
import type { FastifyInstance } from 'fastify';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { authorizeConfigure } from '../../policies/network-edit.ts';
import { deleteScene } from '../../services/scenes/delete-scene.ts';
import { ensureBuiltInScenes } from '../../services/scenes/ensure-built-in-scenes.ts';
import { assertEditable, findScene, listScenes } from '../../services/scenes/load-scenes.ts';
import { addScene, updateScene } from '../../services/scenes/save-scene.ts';
import { setSceneDevices } from '../../services/scenes/save-scene-devices.ts';
import { assertPictureUsable } from '../group/picture.routes.ts';

/** Checks a scene's parameters against its type (section 3); 1001 with the first problem. */
function checkDefinition(type: SceneType, params: unknown, curve: Parameters<typeof parseSceneDefinition>[2]) {
  const check = parseSceneDefinition(type, params, curve);
  if (!check.ok) throw new CallError(Code.badInput, check.message);
  return check;
}

/** Scenes of a network: built-in scenes, scene types with parameters and curves, devices in slots (page 4-4). */
export function sceneRoutes(app: FastifyInstance): void {
  serveCall(app, 'sceneList', async ({ ctx, session, payload }) => {
    await loadNetworkAccess(ctx, session.uid, payload.nid);
    await ensureBuiltInScenes(ctx.db, payload.nid);
    return listScenes(ctx.db, payload.nid);
  });

  serveCall(app, 'sceneAdd', async ({ ctx, session, payload }) => {
    const access = await loadNetworkAccess(ctx, session.uid, payload.nid);
    authorizeConfigure(access);
    const definition = checkDefinition(payload.type, payload.params, payload.curve);
    await assertPictureUsable(ctx.db, session.uid, payload.nid, payload.image);
    return addScene(ctx, { uid: session.uid, network: access.network }, payload, definition);
  });

  serveCall(app, 'sceneUpdate', async ({ ctx, session, payload }) => {
    const scene = await findScene(ctx.db, payload.sceneId);
    authorizeConfigure(await loadNetworkAccess(ctx, session.uid, scene.nid));
    assertEditable(scene);
    await assertPictureUsable(ctx.db, session.uid, scene.nid, payload.image);
    const type = payload.type ?? (scene.type as SceneType);
    // A new type starts from its own defaults unless parameters come with it.
    const params = payload.params ?? (type === scene.type ? scene.params : {});
    const curve = payload.curve !== undefined ? payload.curve : scene.curve;
    const { params: checked, curve: checkedCurve } = checkDefinition(type, params, curve);
    return updateScene(ctx, scene, {
      name: payload.name,
      image: payload.image,
      type,
      params: checked,
      curve: checkedCurve,
      fadeTime: payload.fadeTime,
    });
  });

  serveCall(app, 'sceneDeviceSet', async ({ ctx, session, payload }) => {
    const scene = await findScene(ctx.db, payload.sceneId);
    authorizeConfigure(await loadNetworkAccess(ctx, session.uid, scene.nid));
    assertEditable(scene);
    return setSceneDevices(ctx, scene, payload.devices);
  });

  serveCall(app, 'sceneDelete', async ({ ctx, session, payload }) => {
    const scene = await findScene(ctx.db, payload.sceneId);
    const access = await loadNetworkAccess(ctx, session.uid, scene.nid);
    authorizeConfigure(access);
    assertEditable(scene);
    await deleteScene(ctx, { uid: session.uid, network: access.network }, scene);
    return null;
  });
}
