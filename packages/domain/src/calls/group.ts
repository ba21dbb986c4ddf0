import { z } from 'zod';
import {
  GroupCategorySchema,
  GroupFieldsShape,
  GroupNameSchema,
  GroupSchema,
  ImageNameSchema,
  MemberOptionSchema,
  PictureDataSchema,
  PictureSchema,
} from '../scenes/group.ts';
import { IdSchema } from '../schemas/common.ts';
import { type CallDef, defineCall, nothing } from './define.ts';
import { RuleMessages } from './input-problems.ts';

const nid = { nid: IdSchema };
const groupId = { groupId: IdSchema };
const deviceIds = { deviceIds: z.array(IdSchema).min(1).max(2000) };

/** Groups of luminaires or emergency devices (section 3; page 4-3 `/remote/group`). */
export const groupCalls = {
  groupList: defineCall({
    path: '/api/v1/group/list',
    auth: true,
    tag: 'group',
    summary: 'Groups of a network with their members (every member)',
    payload: nid,
    data: z.array(GroupSchema),
  }),
  groupAdd: defineCall({
    path: '/api/v1/group/add',
    auth: true,
    tag: 'group',
    summary: 'Add a group: type 1 luminaire or 2 emergency, a category and an image (owner, installer)',
    payload: { ...nid, ...GroupFieldsShape },
    data: GroupSchema,
  }),
  groupUpdate: defineCall({
    path: '/api/v1/group/update',
    auth: true,
    tag: 'group',
    summary: 'Rename a group or change its category or image (its type stays; owner, installer)',
    payload: {
      ...groupId,
      name: GroupNameSchema.optional(),
      category: GroupCategorySchema.optional(),
      image: ImageNameSchema.optional(),
    },
    data: GroupSchema,
    refine: [
      (p) => p.name !== undefined || p.category !== undefined || p.image !== undefined,
      RuleMessages.nothingToChange,
    ],
  }),
  groupDelete: defineCall({
    path: '/api/v1/group/delete',
    auth: true,
    tag: 'group',
    summary: 'Delete a group (1078 while it holds real devices; owner, installer)',
    payload: groupId,
    data: nothing,
  }),
  groupDeviceAdd: defineCall({
    path: '/api/v1/group/device/add',
    auth: true,
    tag: 'group',
    summary: 'Add devices of the same network to a group; emergency groups take only emergency devices',
    payload: { ...groupId, ...deviceIds },
    data: GroupSchema,
  }),
  groupDeviceRemove: defineCall({
    path: '/api/v1/group/device/remove',
    auth: true,
    tag: 'group',
    summary: 'Remove devices from a group (owner, installer)',
    payload: { ...groupId, ...deviceIds },
    data: GroupSchema,
  }),
  groupDeviceOptions: defineCall({
    path: '/api/v1/group/device/options',
    auth: true,
    tag: 'group',
    summary: 'Devices of a network a group or scene may take, with the scene slots each uses (every member)',
    payload: nid,
    data: z.array(MemberOptionSchema),
  }),
  pictureUpload: defineCall({
    path: '/api/v1/group/picture/upload',
    auth: true,
    tag: 'group',
    summary: 'Store a picture for a group or scene of the network (base64 JPG, PNG or BMP; owner, installer)',
    payload: { ...nid, image: PictureDataSchema },
    data: z.object({ fileName: z.string() }),
  }),
  picture: defineCall({
    path: '/api/v1/group/picture',
    auth: true,
    tag: 'group',
    summary: 'The picture of a group or scene of the network as base64 (every member)',
    payload: { ...nid, fileName: z.string().min(1).max(128) },
    data: PictureSchema,
  }),
} satisfies Record<string, CallDef>;
