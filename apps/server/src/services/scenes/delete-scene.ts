import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { scenes } from '../../db/schema.ts';
import { hasRealDevices } from '../../policies/network-edit.ts';
import type { SceneRow } from '../../presenters/scene.ts';
import { recordAudit } from '../audit.ts';
import { lockNetwork } from '../lock-network.ts';
import { loadScene } from './load-scenes.ts';
import type { SceneActor } from './save-scene.ts';

/**
 * Deletes a scene under its network's lock, with its audit event; refused (section 8) while it holds real
 * devices.
 */
export async function deleteScene(ctx: AppContext, actor: SceneActor, scene: SceneRow): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockNetwork(tx, scene.nid);
    const current = await loadScene(tx, scene.id);
    const real = current.devices.filter((device) => !device.isVirtual).length;
    if (real > 0) throw hasRealDevices(real);
    await tx.delete(scenes).where(eq(scenes.id, scene.id));
    await recordAudit(tx, {
      action: 'scene.delete',
      actorUid: actor.uid,
      pid: actor.network.pid,
      nid: scene.nid,
      before: { id: scene.id, name: scene.name, number: scene.number },
    });
  });
}
