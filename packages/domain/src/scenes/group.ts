import { z } from 'zod';
import { IdSchema, text } from '../schemas/common.ts';

/** Group type (section 3): 1 luminaire, 2 emergency. */
export const GroupType = { luminaire: 1, emergency: 2 } as const;
export type GroupTypeValue = (typeof GroupType)[keyof typeof GroupType];
export const GroupTypeSchema = z.union([z.literal(1), z.literal(2)]);

/** Group categories of section 3. */
export const GROUP_CATEGORIES = [
  'corridor',
  'meetingRoom',
  'office',
  'classroom',
  'warehouse',
  'parking',
  'residence',
  'other',
] as const;
export type GroupCategory = (typeof GROUP_CATEGORIES)[number];
export const GroupCategorySchema = z.enum(GROUP_CATEGORIES);

/** A group or scene name: required, 1 to 64 characters (section 5: group name and scene required). */
export const GroupNameSchema = text(64, 1);

/** A stored image (upload's file name), or null for none. */
export const ImageNameSchema = z.string().min(1).max(128).nullable();

/**
 * A group or scene picture as base64 (JPG, PNG or BMP by content). Sent in a JSON call, so it is bounded
 * by the 1 MiB body limit: about 750 KB of image.
 */
export const PictureDataSchema = z
  .string()
  .min(4)
  .max(1_000_000)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

/** A group or scene picture as the browser receives it. */
export const PictureSchema = z.object({ fileName: z.string(), mime: z.string(), data: z.string() });

/** Device kind a group of this type takes: emergency groups only emergency devices, others luminaires. */
export function groupMemberKind(type: number): 'luminaire' | 'emergency' {
  return type === GroupType.emergency ? 'emergency' : 'luminaire';
}

/** Ids of devices whose kind a group of `type` refuses. */
export function refusedGroupMembers(type: number, devices: readonly { id: number; kind: string }[]): number[] {
  const kind = groupMemberKind(type);
  return devices.filter((device) => device.kind !== kind).map((device) => device.id);
}

/** Group fields a user sets. */
export const GroupFieldsShape = {
  name: GroupNameSchema,
  type: GroupTypeSchema.default(1),
  category: GroupCategorySchema.default('other'),
  image: ImageNameSchema.optional(),
};

/** A group as lists show it: its members' ids and how many of them are real devices. */
export const GroupSchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  type: GroupTypeSchema,
  name: z.string(),
  category: GroupCategorySchema,
  image: z.string().nullable(),
  deviceIds: z.array(z.number().int()),
  realDeviceCount: z.number().int(),
  createTime: z.number().int().describe('Created: epoch seconds, UTC'),
});
export type Group = z.infer<typeof GroupSchema>;

/** A device a group or scene may take, with the scene slots it already uses (of 16). */
export const MemberOptionSchema = z.object({
  id: IdSchema,
  name: z.string(),
  kind: z.string(),
  mac: z.string(),
  isVirtual: z.boolean(),
  sceneSlotsUsed: z.number().int(),
});
export type MemberOption = z.infer<typeof MemberOptionSchema>;
