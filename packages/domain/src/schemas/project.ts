import { z } from 'zod';
import { IdSchema } from './common.ts';

/** A project as listed to a member. */
export const ProjectSummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  remarks: z.string(),
  isDefault: z.boolean(),
  /** Last modification, epoch milliseconds. */
  updatedAt: z.number().int(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

/** A project in the paged project list, with its network count. */
export const ProjectListItemSchema = ProjectSummarySchema.extend({
  networkCount: z.number().int(),
  isCreator: z.boolean(),
});
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;

/** A project with its networks (breadcrumb, home). */
export const ProjectWithNetworksSchema = z.object({
  id: IdSchema,
  name: z.string(),
  isDefault: z.boolean(),
  networks: z.array(z.object({ id: IdSchema, name: z.string() })),
});
