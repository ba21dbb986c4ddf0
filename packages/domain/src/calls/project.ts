import { z } from 'zod';
import { IdSchema } from '../schemas/common.ts';
import { EntityNameSchema, IdNameSchema, PageQueryShape, pageSchema, RemarksSchema } from '../schemas/network.ts';
import { ProjectListItemSchema, ProjectSummarySchema, ProjectWithNetworksSchema } from '../schemas/project.ts';
import { type CallDef, defineCall, empty, nothing } from './define.ts';

const pid = { pid: IdSchema };

/** Projects (spec section 7 project calls; payloads designed where the spec says "not shown"). */
export const projectCalls = {
  projectAll: defineCall({
    path: '/api/v1/project/all',
    auth: true,
    tag: 'project',
    summary: "The user's projects, default first (1050 when there is none)",
    payload: empty,
    data: z.array(ProjectSummarySchema),
  }),
  projectVoList: defineCall({
    path: '/api/v1/project/vo/list',
    auth: true,
    tag: 'project',
    summary: 'Paged project list with network counts, searchable by name',
    payload: PageQueryShape,
    data: pageSchema(ProjectListItemSchema),
  }),
  projectInfoList: defineCall({
    path: '/api/v1/project/info/list',
    auth: true,
    tag: 'project',
    summary: 'Projects with their networks (breadcrumb and home)',
    payload: empty,
    data: z.array(ProjectWithNetworksSchema),
  }),
  projectNetworkAll: defineCall({
    path: '/api/v1/project/network/all',
    auth: true,
    tag: 'project',
    summary: "`{id, name}` of a project's networks visible to the user (1050 when none)",
    payload: pid,
    data: z.array(IdNameSchema),
  }),
  projectAdd: defineCall({
    path: '/api/v1/project/add',
    auth: true,
    tag: 'project',
    summary: 'Create a project',
    payload: { name: EntityNameSchema, remarks: RemarksSchema.default('') },
    data: ProjectSummarySchema,
  }),
  projectUpdate: defineCall({
    path: '/api/v1/project/update',
    auth: true,
    tag: 'project',
    summary: 'Rename a project or edit its remarks (its creator only); remarks left out keep their value',
    payload: { ...pid, name: EntityNameSchema, remarks: RemarksSchema.optional() },
    data: ProjectSummarySchema,
  }),
  projectUpdateId: defineCall({
    path: '/api/v1/project/update/id',
    auth: true,
    tag: 'project',
    summary: "Make a project the user's default project",
    payload: pid,
    data: nothing,
  }),
  projectId: defineCall({
    path: '/api/v1/project/id',
    auth: true,
    tag: 'project',
    summary: "The user's default project `{id, name}` (1050 when the user has none)",
    payload: empty,
    data: IdNameSchema.nullable(),
  }),
  projectDelete: defineCall({
    path: '/api/v1/project/delete',
    auth: true,
    tag: 'project',
    summary: 'Delete a project: 1057 while it has networks, 1050 for the last project, 1013 not its creator',
    payload: pid,
    data: nothing,
  }),
} satisfies Record<string, CallDef>;
