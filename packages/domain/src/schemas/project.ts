import { z } from 'zod';
import { IdSchema } from './common.ts';

/** A project as listed to a member. */
export const ProjectSummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  remarks: z.string(),
  isDefault: z.boolean(),
  /** Last modification. */
  updatedAt: z.number().int().describe('Last modification: epoch seconds, UTC'),
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
  /** Each network with its IANA time zone, in which its times are shown. */
  networks: z.array(z.object({ id: IdSchema, name: z.string(), timeZone: z.string() })),
});
