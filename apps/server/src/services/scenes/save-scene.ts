import {
  type CallPayload,
  nextSceneNumber,
  type Scene,
  type SceneDefinitionCheck,
  type SceneType,
} from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { NetworkRow } from '../../db/queries/networks.ts';
import { scenes } from '../../db/schema.ts';
import type { SceneRow } from '../../presenters/scene.ts';
import { recordAudit } from '../audit.ts';
import { lockNetwork } from '../lock-network.ts';
import { ensureBuiltInScenes } from './ensure-built-in-scenes.ts';
import { loadScene } from './load-scenes.ts';
import { saveSceneDevices } from './save-scene-devices.ts';

/** Who changes scenes of which network. */
export interface SceneActor {
  uid: number;
  network: Pick<NetworkRow, 'id' | 'pid'>;
}

/** A scene's parameters and curve once `parseSceneDefinition` has accepted them. */
type Definition = Extract<SceneDefinitionCheck, { ok: true }>;
/** The fields of a new scene besides its checked definition. */
type NewScene = Pick<CallPayload<'sceneAdd'>, 'name' | 'image' | 'type' | 'fadeTime' | 'devices'>;
/** A scene's edit with its checked definition (undefined leaves name, image and fade time as they are). */
type SceneChanges = Pick<CallPayload<'sceneUpdate'>, 'name' | 'image' | 'fadeTime'> &
  Pick<Definition, 'params' | 'curve'> & { type: SceneType };

/**
 * Adds a scene to the actor's network under its lock: the built-in scenes first if missing, the next free
 * number, its devices in free slots (1079 otherwise) and its audit event, all in one transaction.
 */
export function addScene(ctx: AppContext, actor: SceneActor, fields: NewScene, definition: Definition): Promise<Scene> {
  const nid = actor.network.id;
  return ctx.db.transaction(async (tx) => {
    await lockNetwork(tx, nid);
    await ensureBuiltInScenes(tx, nid);
    const numbers = await tx.select({ number: scenes.number }).from(scenes).where(eq(scenes.nid, nid));
    const [row] = await tx
      .insert(scenes)
      .values({
        nid,
        number: nextSceneNumber(numbers.map((n) => n.number)),
        name: fields.name,
        type: fields.type,
        image: fields.image ?? null,
        fadeTime: fields.fadeTime,
        params: definition.params,
        curve: definition.curve,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    await saveSceneDevices(tx, row!, fields.devices);
    await recordAudit(tx, {
      action: 'scene.add',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid,
      after: { id: row!.id, name: row!.name, type: row!.type, devices: fields.devices.length },
    });
    return loadScene(tx, row!.id);
  });
}

/** Changes a scene's name, picture, type, parameters, curve or fade time. */
export async function updateScene(ctx: AppContext, scene: SceneRow, changes: SceneChanges): Promise<Scene> {
  await ctx.db
    .update(scenes)
    .set({
      name: changes.name,
      image: changes.image,
      type: changes.type,
      params: changes.params,
      curve: changes.curve,
      fadeTime: changes.fadeTime,
      updatedAt: ctx.now(),
    })
    .where(eq(scenes.id, scene.id));
  return loadScene(ctx.db, scene.id);
}
