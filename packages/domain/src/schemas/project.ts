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
