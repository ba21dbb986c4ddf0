import { z } from 'zod';
import { IdSchema, text } from './common.ts';
import { NodeSchema, ZoneSchema } from './zone.ts';

/** A backup's name: optional, up to 64 characters; empty when none was given (the client shows the date). */
export const BackupNameSchema = text(64);

/** The network settings a backup keeps (price in hundredths, as stored). */
export const BackupNetworkSchema = z.object({
  name: z.string(),
  category: z.string(),
  electricityPrice: z.number().int(),
  currency: z.string(),
  image: z.string().nullable(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
});

/** A zone as a backup keeps it: every field the user set, with its id. */
export const BackupZoneSchema = ZoneSchema.omit({ nid: true, nodeCount: true });

/** A node as a backup keeps it: placement and look with its id; live status is not part of a backup. */
export const BackupNodeSchema = NodeSchema.omit({ nid: true, status: true, statusTime: true });

/**
 * What a backup holds (version 1): the network's settings, zones and nodes as they were. Later
 * versions add groups, scenes and schedules beside them.
 */
export const BackupContentSchema = z.object({
  version: z.literal(1),
  network: BackupNetworkSchema,
  zones: z.array(BackupZoneSchema),
  nodes: z.array(BackupNodeSchema),
});
export type BackupContent = z.infer<typeof BackupContentSchema>;

/** A backup in lists: when, by whom, and how much it holds. */
export const BackupSummarySchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  name: z.string(),
  createdAt: z.number().int().describe('Taken: epoch seconds, UTC'),
  createdBy: z.string().nullable(),
  zoneCount: z.number().int(),
  nodeCount: z.number().int(),
});
export type BackupSummary = z.infer<typeof BackupSummarySchema>;

/** One entity in a difference: its id, name, and for a changed one the fields that differ. */
export const DiffItemSchema = z.object({ id: z.number().int(), name: z.string(), fields: z.array(z.string()) });

/**
 * How one kind of entity differs in the network now from the backup: `added` exist now but not in
 * the backup (a restore removes them), `removed` are in the backup but gone now (a restore brings
 * them back), `changed` are in both with different `fields` (a restore puts the backup's back).
 */
export const EntityDiffSchema = z.object({
  added: z.array(DiffItemSchema),
  removed: z.array(DiffItemSchema),
  changed: z.array(DiffItemSchema),
});
export type EntityDiff = z.infer<typeof EntityDiffSchema>;

/** How the network now differs from a backup: changed settings, and zones and nodes. */
export const BackupDiffSchema = z.object({
  network: z.object({ changed: z.array(z.string()) }),
  zones: EntityDiffSchema,
  nodes: EntityDiffSchema,
});
export type BackupDiff = z.infer<typeof BackupDiffSchema>;

/** One backup: what it holds and how the network now differs from it. */
export const BackupDetailSchema = BackupSummarySchema.extend({ content: BackupContentSchema, diff: BackupDiffSchema });
export type BackupDetail = z.infer<typeof BackupDetailSchema>;

/** Payload of `backup/add`. */
export const BackupAddShape = { nid: IdSchema, name: BackupNameSchema.default('') };
