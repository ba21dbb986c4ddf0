import { epochSeconds, type Scene, type SceneType } from '@lightwell/domain';
import type { scenes } from '../db/schema.ts';

/** A scene row. */
export type SceneRow = typeof scenes.$inferSelect;
/** A member device of a scene as loaded, with the scene it belongs to. */
type SceneMember = Scene['devices'][number] & { sceneId: number };

/** A scene with its member devices (each member row names its scene, which is not shown). */
export function presentScene(row: SceneRow, members: readonly SceneMember[]): Scene {
  return {
    id: row.id,
    nid: row.nid,
    number: row.number,
    name: row.name,
    type: row.type as SceneType,
    image: row.image,
    fadeTime: row.fadeTime,
    params: row.params,
    curve: row.curve ?? null,
    builtIn: row.builtIn,
    devices: members.map(({ sceneId: _, ...member }) => member),
    createTime: epochSeconds(row.createdAt),
  };
}
