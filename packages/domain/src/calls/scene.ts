import { z } from 'zod';
import { CurveSchema } from '../scenes/curve.ts';
import { GroupNameSchema, ImageNameSchema } from '../scenes/group.ts';
import { SCENE_DEVICES_MAX, SceneDeviceStateSchema, SceneSchema } from '../scenes/scene.ts';
import { FadeTimeSchema, SceneDefinitionShape, SceneTypeSchema } from '../scenes/scene-types.ts';
import { IdSchema } from '../schemas/common.ts';
import { type CallDef, defineCall, nothing } from './define.ts';
import { RuleMessages } from './input-problems.ts';

const nid = { nid: IdSchema };
const sceneId = { sceneId: IdSchema };
const devices = z.array(SceneDeviceStateSchema).max(SCENE_DEVICES_MAX);

/** Scenes of a network (section 3; page 4-4 `/remote/scene`). */
export const sceneCalls = {
  sceneList: defineCall({
    path: '/api/v1/scene/list',
    auth: true,
    tag: 'scene',
    summary: 'Scenes of a network, the three built-in scenes first (every member)',
    payload: nid,
    data: z.array(SceneSchema),
  }),
  sceneAdd: defineCall({
    path: '/api/v1/scene/add',
    auth: true,
    tag: 'scene',
    summary: 'Add a scene with its type parameters, curve and devices; 1079 when a luminaire has no free slot',
    payload: {
      ...nid,
      name: GroupNameSchema,
      image: ImageNameSchema.optional(),
      ...SceneDefinitionShape,
      devices: devices.default([]),
    },
    data: SceneSchema,
  }),
  sceneUpdate: defineCall({
    path: '/api/v1/scene/update',
    auth: true,
    tag: 'scene',
    summary: 'Change a scene: name, image, type, parameters, curve or fade time (not the built-in scenes)',
    payload: {
      ...sceneId,
      name: GroupNameSchema.optional(),
      image: ImageNameSchema.optional(),
      type: SceneTypeSchema.optional(),
      params: z.record(z.string(), z.unknown()).optional(),
      curve: CurveSchema.nullable().optional(),
      fadeTime: FadeTimeSchema.optional(),
    },
    data: SceneSchema,
    refine: [
      (p) => [p.name, p.image, p.type, p.params, p.curve, p.fadeTime].some((value) => value !== undefined),
      RuleMessages.nothingToChange,
    ],
  }),
  sceneDeviceSet: defineCall({
    path: '/api/v1/scene/device/set',
    auth: true,
    tag: 'scene',
    summary: "Set a scene's devices with each one's state, all or nothing (1079 naming luminaires without a free slot)",
    payload: { ...sceneId, devices },
    data: SceneSchema,
  }),
  sceneDelete: defineCall({
    path: '/api/v1/scene/delete',
    auth: true,
    tag: 'scene',
    summary: 'Delete a scene (1078 while it holds real devices; not the built-in scenes)',
    payload: sceneId,
    data: nothing,
  }),
} satisfies Record<string, CallDef>;
