import { z } from 'zod';
import { CURRENCIES } from '../energy/price.ts';
import { Limits } from '../limits.ts';
import { IdSchema, multilineText, PageSizeSchema, text } from './common.ts';

/** Network categories (building types); the spec names a category without its values. */
export const NETWORK_CATEGORIES = [
  'office',
  'school',
  'retail',
  'warehouse',
  'industry',
  'hospital',
  'hotel',
  'parking',
  'residence',
  'other',
] as const;

/** A project or network name: required, 1 to 64 characters. */
export const EntityNameSchema = text(64, 1);
/** Remarks: up to 500 characters, line breaks allowed. */
export const RemarksSchema = multilineText(500);

/** Paging and search of a list (page from 1; page size as in the user's setting). */
export const PageQueryShape = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: PageSizeSchema.default(Limits.defaultPageSize),
  keyword: text(64).optional(),
};

/** A page of a list. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

/** `{ id, name }` of a project or network. */
export const IdNameSchema = z.object({ id: IdSchema, name: z.string() });

/** Network fields a user may set. Price in currency units per kWh, up to 2 decimals. */
export const NetworkFieldsShape = {
  name: EntityNameSchema,
  category: z.enum(NETWORK_CATEGORIES).default('other'),
  electricityPrice: z.number().min(0).max(10_000).default(0),
  currency: z.enum(CURRENCIES).default('EUR'),
};

/**
 * The serialised network of `network/vo/update` (section 7: key field with serialised network): a field
 * left out keeps its stored value, so no default applies here; at least one field besides `id`.
 */
export const NetworkUpdateSchema = z
  .strictObject({
    id: IdSchema,
    name: NetworkFieldsShape.name.optional(),
    category: NetworkFieldsShape.category.unwrap().optional(),
    electricityPrice: NetworkFieldsShape.electricityPrice.unwrap().optional(),
    currency: NetworkFieldsShape.currency.unwrap().optional(),
  })
  .refine(({ id: _id, ...fields }) => Object.values(fields).some((value) => value !== undefined), {
    message: 'nothing to change',
  });

/** What the user may do on a network (the server decides; the UI only reads it). */
export const AbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  leave: z.boolean(),
  share: z.boolean(),
  transfer: z.boolean(),
  manageMembers: z.boolean(),
  viewAudit: z.boolean(),
  backup: z.boolean(),
  display: z.boolean(),
});

/** A network in lists. Price stored in hundredths (`electricityPrice` / 100 is the price). */
export const NetworkSummarySchema = z.object({
  id: IdSchema,
  pid: IdSchema,
  name: z.string(),
  category: z.string(),
  electricityPrice: z.number().int(),
  currency: z.string(),
  userType: z.number().int(),
  memberCount: z.number().int(),
  createTime: z.number().int().describe('Created: epoch seconds, UTC'),
  updatedAt: z.number().int().describe('Last modification: epoch seconds, UTC'),
  /** IANA time zone of the network: its times are shown and its schedules run in it. */
  timeZone: z.string(),
  abilities: AbilitiesSchema,
});
export type NetworkSummary = z.infer<typeof NetworkSummarySchema>;

/** A network with its floor plan: image file name and size (default 500x500). */
export const NetworkDetailSchema = NetworkSummarySchema.extend({
  pName: z.string(),
  /** Name of the owner (creator) of the project holding the network. */
  pOwnerName: z.string(),
  image: z.string().nullable(),
  imageSize: z.object({ width: z.number().int(), height: z.number().int() }),
});
export type NetworkDetail = z.infer<typeof NetworkDetailSchema>;

/** A member of a network. E-mail addresses are shown to those who manage members only. */
export const NetworkMemberSchema = z.object({
  uid: IdSchema,
  name: z.string(),
  email: z.string().nullable(),
  userType: z.number().int(),
  date: z.number().int().describe('Joined: epoch seconds, UTC'),
  isMe: z.boolean(),
  /** The caller may remove this member (section 6 rules, decided by the server). */
  canRemove: z.boolean(),
  /** The caller may hand ownership to this member. */
  canTransfer: z.boolean(),
});

/** A network in the recycle bin, with the time it will be purged. */
export const RecycledNetworkSchema = z.object({
  id: IdSchema,
  name: z.string(),
  pid: IdSchema,
  pName: z.string(),
  deletedAt: z.number().int().describe('Moved to the recycle bin: epoch seconds, UTC'),
  purgeAt: z.number().int().describe('Purged for good: epoch seconds, UTC'),
  /** The caller may restore it: the network's administrator (owner, or its only installer without an owner). */
  canRestore: z.boolean(),
});

/** One audit event. */
export const AuditEventSchema = z.object({
  id: IdSchema,
  action: z.string(),
  actor: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.number().int().describe('Happened: epoch seconds, UTC'),
});
