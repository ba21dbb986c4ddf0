import { z } from 'zod';
import { IdSchema } from '../schemas/common.ts';
import {
  AuditEventSchema,
  IdNameSchema,
  NetworkDetailSchema,
  NetworkFieldsShape,
  NetworkMemberSchema,
  NetworkSummarySchema,
  NetworkUpdateSchema,
  PageQueryShape,
  pageSchema,
  RecycledNetworkSchema,
} from '../schemas/network.ts';
import { type CallDef, defineCall, empty, nothing } from './define.ts';
import { RuleMessages } from './input-problems.ts';

const nid = { nid: IdSchema };

/** `key` of `network/vo/update`: the network serialised as JSON (section 7). */
const SerialisedNetworkSchema = z
  .string()
  .max(10_000)
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: RuleMessages.jsonText });
      return z.NEVER;
    }
  })
  .pipe(NetworkUpdateSchema);

/** Networks, their members, moves, recycle bin and audit trail (spec section 7 network calls). */
export const networkCalls = {
  networkAll: defineCall({
    path: '/api/v1/network/all',
    auth: true,
    tag: 'network',
    summary: 'Every network of the user as `{id, name}` (1050 when none)',
    payload: empty,
    data: z.array(IdNameSchema),
  }),
  networkVoList: defineCall({
    path: '/api/v1/network/vo/list',
    auth: true,
    tag: 'network',
    summary: 'Paged networks of a project, searchable by name (1050 when none)',
    payload: { pid: IdSchema, ...PageQueryShape },
    data: pageSchema(NetworkSummarySchema),
  }),
  networkPidList: defineCall({
    path: '/api/v1/network/pid/list',
    auth: true,
    tag: 'network',
    summary: 'All networks of a project the user belongs to (1050 when none)',
    payload: { pid: IdSchema },
    data: z.array(NetworkSummarySchema),
  }),
  networkVoByNid: defineCall({
    path: '/api/v1/network/vo/by/nid',
    auth: true,
    tag: 'network',
    summary: 'One network with its floor plan image and imageSize, role and abilities',
    payload: nid,
    data: NetworkDetailSchema,
  }),
  networkId: defineCall({
    path: '/api/v1/network/id',
    auth: true,
    tag: 'network',
    summary: "Where a network belongs: `{id, name, pid, pName, pOwnerName}` (the project owner's name)",
    payload: nid,
    data: z.object({ id: IdSchema, name: z.string(), pid: IdSchema, pName: z.string(), pOwnerName: z.string() }),
  }),
  networkAdd: defineCall({
    path: '/api/v1/network/add',
    auth: true,
    tag: 'network',
    summary: 'Create a network in a project; the creator is its owner (2) or installer (1)',
    payload: { pid: IdSchema, ...NetworkFieldsShape, userType: z.union([z.literal(1), z.literal(2)]).default(2) },
    data: NetworkDetailSchema,
  }),
  networkVoUpdate: defineCall({
    path: '/api/v1/network/vo/update',
    auth: true,
    tag: 'network',
    summary: 'Update a network from `key` (the serialised network) in project `pid`',
    payload: { pid: IdSchema, key: SerialisedNetworkSchema },
    data: NetworkDetailSchema,
  }),
  networkDelete: defineCall({
    path: '/api/v1/network/delete',
    auth: true,
    tag: 'network',
    summary: 'Delete into the recycle bin (admin; 1062 while others are in it), or leave it (others)',
    payload: nid,
    data: z.object({ outcome: z.enum(['deleted', 'left']) }),
  }),
  networkMoveList: defineCall({
    path: '/api/v1/network/move/list',
    auth: true,
    tag: 'network',
    summary: 'Projects a network can be moved to (1050 when none)',
    payload: nid,
    data: z.array(IdNameSchema),
  }),
  networkMoveSave: defineCall({
    path: '/api/v1/network/move/save',
    auth: true,
    tag: 'network',
    summary: 'Move a network to another project of the user',
    payload: { nid: IdSchema, pid: IdSchema },
    data: nothing,
  }),
  networkPatchMoveSave: defineCall({
    path: '/api/v1/network/patch/move/save',
    auth: true,
    tag: 'network',
    summary: 'Move up to 100 networks to another project; all or none',
    payload: { nids: z.array(IdSchema).min(1).max(100), pid: IdSchema },
    data: nothing,
  }),
  networkUserList: defineCall({
    path: '/api/v1/network/user/info/pid/all',
    auth: true,
    tag: 'network',
    summary: 'Members of a network with their user type',
    payload: nid,
    data: z.array(NetworkMemberSchema),
  }),
  networkUserDelete: defineCall({
    path: '/api/v1/network/user/delete',
    auth: true,
    tag: 'network',
    summary: 'Remove a member (admin: anyone; installer: sub-users; anyone: themself)',
    payload: { nid: IdSchema, memberUid: IdSchema },
    data: nothing,
  }),
  networkUserTransfer: defineCall({
    path: '/api/v1/network/user/transfer',
    auth: true,
    tag: 'network',
    summary: 'Transfer ownership to a member (owner is removed; installer only when there is no owner)',
    payload: { nid: IdSchema, memberUid: IdSchema },
    data: nothing,
  }),
  networkRecycleList: defineCall({
    path: '/api/v1/network/recycle/list',
    auth: true,
    tag: 'network',
    summary: 'Networks the user deleted, kept 30 days (1050 when none)',
    payload: empty,
    data: z.array(RecycledNetworkSchema),
  }),
  networkRecycleRestore: defineCall({
    path: '/api/v1/network/recycle/restore',
    auth: true,
    tag: 'network',
    summary: 'Restore a network from the recycle bin',
    payload: nid,
    data: nothing,
  }),
  networkAuditList: defineCall({
    path: '/api/v1/network/audit/list',
    auth: true,
    tag: 'network',
    summary: 'Audit trail of a network (its admin only)',
    payload: { nid: IdSchema, ...PageQueryShape },
    data: pageSchema(AuditEventSchema),
  }),
} satisfies Record<string, CallDef>;
