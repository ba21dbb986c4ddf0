import { z } from 'zod';
import { IdSchema } from '../schemas/common.ts';
import { CurvePointSchema } from './curve.ts';
import { SceneTypeSchema } from './scene-types.ts';

/** The state one luminaire keeps for a scene: on/off, level % and colour temperature. */
export const SceneDeviceStateSchema = z.strictObject({
  deviceId: IdSchema,
  onOff: z.union([z.literal(0), z.literal(1)]).default(1),
  lightness: z.number().min(0).max(100).default(100),
  cct: z.number().int().min(1000).max(20000).nullable().optional(),
});
export type SceneDeviceState = z.infer<typeof SceneDeviceStateSchema>;

/** Most devices one scene call sets at once. */
export const SCENE_DEVICES_MAX = 2000;

/** A scene as lists show it, with its devices, each in one of its 16 slots. */
export const SceneSchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  number: z.number().int(),
  name: z.string(),
  type: SceneTypeSchema,
  image: z.string().nullable(),
  fadeTime: z.number().describe('Fade, duration in seconds'),
  params: z.record(z.string(), z.unknown()),
  curve: z.array(CurvePointSchema).nullable(),
  /** 1 all off, 2 all 50 %, 3 all on; null for a user's scene. Built-in scenes cannot be changed. */
  builtIn: z.number().int().nullable(),
  devices: z.array(
    z.object({
      deviceId: z.number().int(),
      slot: z.number().int(),
      onOff: z.number().int(),
      lightness: z.number(),
      cct: z.number().int().nullable(),
      isVirtual: z.boolean(),
    }),
  ),
  createTime: z.number().int().describe('Created: epoch seconds, UTC'),
});
export type Scene = z.infer<typeof SceneSchema>;

/** Scenes in list order: built-in scenes first (1, 2, 3), then by number. */
export function sortScenes<T extends { builtIn: number | null; number: number }>(scenes: readonly T[]): T[] {
  return [...scenes].sort((a, b) => (a.builtIn ?? 99) - (b.builtIn ?? 99) || a.number - b.number);
}
