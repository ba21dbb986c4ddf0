import { Code, nextSceneNumber, parseSceneDefinition, type SceneType } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scenes } from '../../db/schema.ts';
import { serveCall } from '../../http/serve-call.ts';
import { CallError } from '../../lib/call-error.ts';
import { loadNetworkAccess } from '../../policies/access.ts';
import { authorizeConfigure, hasRealDevices } from '../../policies/network-edit.ts';
import { recordAudit } from '../../services/audit.ts';
import { lockNetwork } from '../../services/lock-network.ts';
import { assertPictureUsable } from '../group/picture.routes.ts';
import {
  assertEditable,
  ensureBuiltInScenes,
  findScene,
  listScenes,
  loadScene,
  saveSceneDevices,
} from './scene-queries.ts';

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
    return ctx.db.transaction(async (tx) => {
      await lockNetwork(tx, payload.nid);
      await ensureBuiltInScenes(tx, payload.nid);
      const numbers = await tx.select({ number: scenes.number }).from(scenes).where(eq(scenes.nid, payload.nid));
      const [row] = await tx
        .insert(scenes)
        .values({
          nid: payload.nid,
          number: nextSceneNumber(numbers.map((n) => n.number)),
          name: payload.name,
          type: payload.type,
          image: payload.image ?? null,
          fadeTime: payload.fadeTime,
          params: definition.params,
          curve: definition.curve,
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        })
        .returning();
      await saveSceneDevices(tx, row!, payload.devices);
      await recordAudit(tx, {
        action: 'scene.add',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: payload.nid,
        after: { id: row!.id, name: row!.name, type: row!.type, devices: payload.devices.length },
      });
      return loadScene(tx, row!.id);
    });
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
    const definition = checkDefinition(type, params, curve);
    await ctx.db
      .update(scenes)
      .set({
        name: payload.name,
        image: payload.image,
        type,
        params: definition.params,
        curve: definition.curve,
        fadeTime: payload.fadeTime,
        updatedAt: ctx.now(),
      })
      .where(eq(scenes.id, scene.id));
    return loadScene(ctx.db, scene.id);
  });

  serveCall(app, 'sceneDeviceSet', async ({ ctx, session, payload }) => {
    const scene = await findScene(ctx.db, payload.sceneId);
    authorizeConfigure(await loadNetworkAccess(ctx, session.uid, scene.nid));
    assertEditable(scene);
    return ctx.db.transaction(async (tx) => {
      await lockNetwork(tx, scene.nid);
      await saveSceneDevices(tx, await findScene(tx, scene.id), payload.devices);
      return loadScene(tx, scene.id);
    });
  });

  serveCall(app, 'sceneDelete', async ({ ctx, session, payload }) => {
    const scene = await findScene(ctx.db, payload.sceneId);
    const access = await loadNetworkAccess(ctx, session.uid, scene.nid);
    authorizeConfigure(access);
    assertEditable(scene);
    await ctx.db.transaction(async (tx) => {
      await lockNetwork(tx, scene.nid);
      const current = await loadScene(tx, scene.id);
      const real = current.devices.filter((device) => !device.isVirtual).length;
      if (real > 0) throw hasRealDevices(real);
      await tx.delete(scenes).where(eq(scenes.id, scene.id));
      await recordAudit(tx, {
        action: 'scene.delete',
        actorUid: session.uid,
        pid: access.network.pid,
        nid: scene.nid,
        before: { id: scene.id, name: scene.name, number: scene.number },
      });
    });
    return null;
  });
}
