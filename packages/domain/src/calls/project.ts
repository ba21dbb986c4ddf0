import { z } from 'zod';
import { ProjectSummarySchema } from '../schemas/project.ts';
import { type CallDef, defineCall, empty } from './define.ts';

/** Projects. */
export const projectCalls = {
  projectAll: defineCall({
    path: '/api/v1/project/all',
    auth: true,
    tag: 'project',
    summary: "The user's projects, default first (1050 when there is none)",
    payload: empty,
    data: z.array(ProjectSummarySchema),
  }),
} satisfies Record<string, CallDef>;
