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
  /** Name of the project's owner (the user who created it), so a shared project is told apart. */
  ownerName: z.string(),
  /** The caller created the project (and may rename and delete it). */
  isCreator: z.boolean(),
  /** The caller may add a network to it: its creator, or an owner or installer of one of its networks. */
  canAddNetwork: z.boolean(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

/** A project in the paged project list, with its network count. */
export const ProjectListItemSchema = ProjectSummarySchema.extend({
  networkCount: z.number().int(),
});
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;

/** A project with its networks (breadcrumb, home). */
export const ProjectWithNetworksSchema = z.object({
  id: IdSchema,
  name: z.string(),
  isDefault: z.boolean(),
  /** Name of the project's owner (the user who created it). */
  ownerName: z.string(),
  isCreator: z.boolean(),
  /** Each network with its IANA time zone, in which its times are shown. */
  networks: z.array(z.object({ id: IdSchema, name: z.string(), timeZone: z.string() })),
});
