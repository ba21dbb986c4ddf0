import { z } from 'zod';
import { IdSchema } from '../schemas/common.ts';
import {
  ShareEmailsSchema,
  ShareInvitationSchema,
  ShareLinkInfoSchema,
  ShareRoleSchema,
  ShareTokenSchema,
} from '../schemas/share.ts';
import { type CallDef, defineCall, empty, nothing } from './define.ts';

const sent = z.object({ sent: z.number().int() });

/** Sharing projects and networks by e-mail link (sections 4, 5, 6). */
export const shareCalls = {
  shareNetwork: defineCall({
    path: '/api/v1/network/share',
    auth: true,
    tag: 'share',
    summary: 'E-mail links sharing a network with up to 6 addresses in a role (1064 refused recipients)',
    payload: { nid: IdSchema, emails: ShareEmailsSchema, userType: ShareRoleSchema },
    data: sent,
  }),
  shareProject: defineCall({
    path: '/api/v1/project/share',
    auth: true,
    tag: 'share',
    summary: 'E-mail links sharing a project and the networks in it the sharer may share',
    payload: { pid: IdSchema, emails: ShareEmailsSchema, userType: z.union([z.literal(1), z.literal(3)]) },
    data: sent,
  }),
  shareList: defineCall({
    path: '/api/v1/share/list',
    auth: true,
    tag: 'share',
    summary: 'Invitations the user sent, newest first, with their state and expiry (1050 when none)',
    payload: empty,
    data: z.array(ShareInvitationSchema),
  }),
  shareResend: defineCall({
    path: '/api/v1/share/resend',
    auth: true,
    tag: 'share',
    summary: 'Send a pending or expired invitation again with a new link valid 7 days',
    payload: { id: IdSchema },
    data: nothing,
  }),
  shareRevoke: defineCall({
    path: '/api/v1/share/revoke',
    auth: true,
    tag: 'share',
    summary: 'Withdraw a pending invitation; its link stops working',
    payload: { id: IdSchema },
    data: nothing,
  }),
  shareInfo: defineCall({
    path: '/api/v1/share/info',
    auth: false,
    tag: 'share',
    summary: 'Public: what a share link offers and whether it is still valid (1054 unknown link)',
    payload: { link: ShareTokenSchema },
    data: ShareLinkInfoSchema,
  }),
  shareAccept: defineCall({
    path: '/api/v1/share/accept',
    auth: true,
    tag: 'share',
    summary: 'Accept a share link as the invited account: the user gets the role (1065 link no longer valid)',
    payload: { link: ShareTokenSchema },
    data: z.object({ kind: z.enum(['network', 'project']), targetId: IdSchema, pid: IdSchema }),
  }),
} satisfies Record<string, CallDef>;
