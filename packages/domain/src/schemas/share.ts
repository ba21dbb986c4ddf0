import { z } from 'zod';
import { EmailSchema, IdSchema } from './common.ts';

/** The role a share grants: 1 installer, 3 sub-user, or 2 owner for a network without one. */
export const ShareRoleSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** 1 to 6 recipient addresses (duplicates and oneself are refused by the server with 1064). */
export const ShareEmailsSchema = z.array(EmailSchema).min(1).max(6);

/** An invitation the sharer sent (a network or project role, or a copy of a configuration profile). */
export const ShareInvitationSchema = z.object({
  id: IdSchema,
  kind: z.enum(['network', 'project', 'config']),
  targetId: IdSchema,
  targetName: z.string(),
  email: z.string(),
  userType: z.number().int(),
  state: z.enum(['pending', 'accepted', 'expired', 'revoked']),
  expiresAt: z.number().int().describe('Link expires: epoch seconds, UTC'),
  createdAt: z.number().int().describe('Created: epoch seconds, UTC'),
});

/** What the public share page shows for a link. */
export const ShareLinkInfoSchema = z.object({
  kind: z.enum(['network', 'project']),
  targetName: z.string(),
  sharerName: z.string(),
  email: z.string(),
  userType: z.number().int(),
  state: z.enum(['pending', 'accepted', 'expired', 'revoked']),
  expiresAt: z.number().int().describe('Link expires: epoch seconds, UTC'),
});

/** A share link token as it appears in the e-mailed link. */
export const ShareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'invalid link');
