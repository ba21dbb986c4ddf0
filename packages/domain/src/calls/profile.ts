import { z } from 'zod';
import {
  ProfileApplyOutcomeSchema,
  ProfileFieldsShape,
  ProfileListShape,
  ProfileNameSchema,
  ProfileSchema,
  ProfileShareInfoSchema,
  ProfileSummarySchema,
} from '../profiles/profile-schemas.ts';
import { ProfileSettingsSchema } from '../profiles/profile-settings.ts';
import { IdSchema } from '../schemas/common.ts';
import { pageSchema } from '../schemas/network.ts';
import { ShareEmailsSchema, ShareTokenSchema } from '../schemas/share.ts';
import { type CallDef, defineCall, nothing } from './define.ts';
import { RuleMessages } from './input-problems.ts';

const profileId = { profileId: IdSchema };

/** Configuration profiles (section 3 configuration profile; pages 3-1, 3-2, 3-3, /shared/config). */
export const profileCalls = {
  profileList: defineCall({
    path: '/api/v1/config/list',
    auth: true,
    tag: 'profile',
    summary: 'Paged profiles: mine, other users’ public ones, or the system defaults (1050 when none)',
    payload: ProfileListShape,
    data: pageSchema(ProfileSummarySchema),
  }),
  profileGet: defineCall({
    path: '/api/v1/config/id',
    auth: true,
    tag: 'profile',
    summary: 'One visible profile (own, public or system) with its settings',
    payload: profileId,
    data: ProfileSchema,
  }),
  profileAdd: defineCall({
    path: '/api/v1/config/add',
    auth: true,
    tag: 'profile',
    summary: 'Create an own profile, optionally for a network the caller belongs to',
    payload: { ...ProfileFieldsShape, nid: IdSchema.nullable().optional() },
    data: ProfileSchema,
  }),
  profileUpdate: defineCall({
    path: '/api/v1/config/update',
    auth: true,
    tag: 'profile',
    summary: 'Change an own profile (1081 system profiles are read-only)',
    payload: {
      ...profileId,
      name: ProfileNameSchema.optional(),
      isPublic: z.boolean().optional(),
      settings: ProfileSettingsSchema.optional(),
    },
    data: ProfileSchema,
    refine: [
      (p) => p.name !== undefined || p.isPublic !== undefined || p.settings !== undefined,
      RuleMessages.nothingToChange,
    ],
  }),
  profileDelete: defineCall({
    path: '/api/v1/config/delete',
    auth: true,
    tag: 'profile',
    summary: 'Delete an own profile (1080 while applied to a zone or network; 1081 system profiles)',
    payload: profileId,
    data: nothing,
  }),
  profileCopy: defineCall({
    path: '/api/v1/config/copy',
    auth: true,
    tag: 'profile',
    summary: 'Copy any visible profile into the caller’s own profiles',
    payload: { ...profileId, name: ProfileNameSchema.optional() },
    data: ProfileSchema,
  }),
  profileApply: defineCall({
    path: '/api/v1/config/apply',
    auth: true,
    tag: 'profile',
    summary:
      'Apply an own or system profile to zones and whole networks (owners and installers) and send it to their devices',
    payload: {
      ...profileId,
      zoneIds: z.array(IdSchema).max(500).default([]),
      nids: z.array(IdSchema).max(100).default([]),
    },
    data: z.object({ outcomes: z.array(ProfileApplyOutcomeSchema) }),
    refine: [(p) => (p.zoneIds?.length ?? 0) + (p.nids?.length ?? 0) > 0, RuleMessages.chooseTarget],
  }),
  profileShare: defineCall({
    path: '/api/v1/config/share',
    auth: true,
    tag: 'profile',
    summary: 'E-mail links giving up to 6 addresses a copy of an own profile (1064 refused recipients)',
    payload: { ...profileId, emails: ShareEmailsSchema },
    data: z.object({ sent: z.number().int() }),
  }),
  profileShareInfo: defineCall({
    path: '/api/v1/config/share/info',
    auth: false,
    tag: 'profile',
    summary: 'Public: the profile a share link offers and whether the link is still valid (1054 unknown link)',
    payload: { link: ShareTokenSchema },
    data: ProfileShareInfoSchema,
  }),
  profileShareAccept: defineCall({
    path: '/api/v1/config/share/accept',
    auth: true,
    tag: 'profile',
    summary: 'Accept a profile share link as the invited account: a copy joins the own profiles (1065 invalid)',
    payload: { link: ShareTokenSchema },
    data: ProfileSchema,
  }),
} satisfies Record<string, CallDef>;
