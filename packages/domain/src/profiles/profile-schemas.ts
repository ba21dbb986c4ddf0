import { z } from 'zod';
import { Limits } from '../limits.ts';
import { IdSchema, PageSizeSchema, text } from '../schemas/common.ts';
import { ProfileSettingsSchema } from './profile-settings.ts';

/** A profile name: required, 1 to 64 characters. */
export const ProfileNameSchema = text(64, 1);

/** Which profiles a list shows: the user's own (3-1), other users' public ones (3-2), system defaults (3-3). */
export const ProfileScopeSchema = z.enum(['mine', 'others', 'default']);
export type ProfileScope = z.infer<typeof ProfileScopeSchema>;

/** A profile in a list. `mine` marks the caller's own; system profiles are read-only (section 6). */
export const ProfileSummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  isSystem: z.boolean(),
  isPublic: z.boolean(),
  mine: z.boolean(),
  creatorName: z.string(),
  nid: IdSchema.nullable(),
  /** Zones and networks it is applied to (the caller's own profiles only; 0 otherwise). */
  zoneCount: z.number().int(),
  networkCount: z.number().int(),
  updatedAt: z.number().int().describe('Last modification: epoch seconds, UTC'),
});
export type ProfileSummary = z.infer<typeof ProfileSummarySchema>;

/** A profile with its settings. */
export const ProfileSchema = ProfileSummarySchema.extend({ settings: ProfileSettingsSchema });
export type Profile = z.infer<typeof ProfileSchema>;

/** Paging of a profile list (page from 1; page size as in the user's setting). */
export const ProfileListShape = {
  scope: ProfileScopeSchema,
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: PageSizeSchema.default(Limits.defaultPageSize),
};

/** Fields of a profile a user sets. */
export const ProfileFieldsShape = {
  name: ProfileNameSchema,
  isPublic: z.boolean().default(false),
  settings: ProfileSettingsSchema,
};

/** Outcome of applying a profile on one network: the task sent to its devices, or why none was sent. */
export const ProfileApplyOutcomeSchema = z.object({
  nid: IdSchema,
  zoneIds: z.array(IdSchema),
  wholeNetwork: z.boolean(),
  /** 0 when a task was created; otherwise the refusal (1070-1075), the profile is stored all the same. */
  code: z.number().int(),
  taskId: IdSchema.nullable(),
  /** Devices the command went to. */
  devices: z.number().int(),
});
export type ProfileApplyOutcome = z.infer<typeof ProfileApplyOutcomeSchema>;

/** What the public /shared/config page shows for a profile share link. */
export const ProfileShareInfoSchema = z.object({
  profileName: z.string(),
  sharerName: z.string(),
  email: z.string(),
  state: z.enum(['pending', 'accepted', 'expired', 'revoked']),
  expiresAt: z.number().int().describe('Link expires: epoch seconds, UTC'),
  /** The profile's current settings (preview); null once the profile is gone. */
  settings: ProfileSettingsSchema.nullable(),
});
