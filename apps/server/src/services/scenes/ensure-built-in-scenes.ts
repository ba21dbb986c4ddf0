import { BUILT_IN_SCENE_NAMES, BUILT_IN_SCENES } from '@lightwell/domain';
import type { Db } from '../../db/client.ts';
import { scenes } from '../../db/schema.ts';

/**
 * Creates the three built-in scenes of a network (1 all off, 2 all 50 %, 3 all on) unless they exist:
 * they are made on the first scene list or scene add, so networks made before scenes existed get them too.
 */
export async function ensureBuiltInScenes(db: Db, nid: number): Promise<void> {
  await db
    .insert(scenes)
    .values(
      BUILT_IN_SCENES.map((scene) => ({
        nid,
        number: scene.number,
        name: BUILT_IN_SCENE_NAMES[scene.builtIn]!,
        type: 'generic',
        params: { dimmingLevel: scene.lightness },
        builtIn: scene.builtIn,
      })),
    )
    .onConflictDoNothing();
}
