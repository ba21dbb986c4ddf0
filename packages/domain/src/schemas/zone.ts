import { z } from 'zod';
import { FloorPlanDefaults } from '../floor-plan/defaults.ts';
import { IdSchema, text } from './common.ts';
import { EntityNameSchema } from './network.ts';

/** Largest coordinate accepted anywhere on a plan; points are clamped to the image afterwards. */
const COORD_MAX = 1_000_000;

/** A coordinate in the floor-plan image's own pixels (see `PlanPoint`). */
export const CoordinateSchema = z.number().min(-COORD_MAX).max(COORD_MAX);

/** One x/y point of a zone, in image pixels. */
export const PlanPointSchema = z.strictObject({ x: CoordinateSchema, y: CoordinateSchema });

/** Most corners a zone may have. */
export const ZONE_POINTS_MAX = 200;

/** Zone points as sent: 2 to 200 (a rectangle needs two opposite corners, a polygon three). */
export const ZonePointsSchema = z.array(PlanPointSchema).min(2).max(ZONE_POINTS_MAX);

/** A CSS hex colour: `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`. */
export const ColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, 'a hex colour like #1677ff');

/** Zone `shape` (section 3): 1 rectangle from the bounding box, 2 polygon. */
export const ZoneShapeSchema = z.union([z.literal(1), z.literal(2)]);

/** A rotation in degrees. */
export const AngleSchema = z.number().min(-360).max(360);

/** A text size in image pixels. */
export const TextSizeSchema = z.number().int().min(1).max(200);

/** A zone's configuration profile (section 3): 0 or null means none and is stored as null. */
export const ConfigIdSchema = IdSchema.or(z.literal(0)).nullable();

/** A zone as the map and the zone page see it (section 3 Zone); positions in image pixels. */
export const ZoneSchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  name: z.string(),
  /** Corners clockwise; a rectangle (shape 1) holds the four corners of its bounding box. */
  points: z.array(z.object({ x: z.number(), y: z.number() })),
  shape: ZoneShapeSchema,
  bgColor: z.string(),
  zoneNameColor: z.string(),
  zoneNameAngle: z.number(),
  zoneNameSize: z.number().int(),
  /** Centre of the name; null puts it at the zone's centroid. */
  zoneNamePositionX: z.number().nullable(),
  zoneNamePositionY: z.number().nullable(),
  configId: z.number().int().nullable(),
  /** Nodes (devices) placed in the zone. */
  nodeCount: z.number().int(),
});
export type Zone = z.infer<typeof ZoneSchema>;

/** A node (device) placed on the plan (section 3 Node); positions in image pixels. */
export const NodeSchema = z.object({
  id: IdSchema,
  nid: IdSchema,
  zoneId: IdSchema.nullable(),
  /** The device (vid) or emergency device (rid) behind the node, when one is bound. */
  vid: z.number().int().nullable(),
  rid: z.number().int().nullable(),
  name: z.string(),
  nameSize: z.number().int(),
  nameAngle: z.number(),
  iconSize: z.number().int(),
  nameColor: z.string(),
  positionX: z.number(),
  positionY: z.number(),
  /** Centre of the name as an offset from the node; null puts it below the icon. */
  namePositionX: z.number().nullable(),
  namePositionY: z.number().nullable(),
  /** Section 4: 0 offline/unknown, 1 fault, 2 second fault state. */
  status: z.number().int(),
  statusTime: z.number().int().nullable().describe('Status last changed: epoch seconds, UTC'),
  createTime: z.number().int().describe('Created: epoch seconds, UTC'),
});
export type PlanNode = z.infer<typeof NodeSchema>;

/** Everything the network map draws: zones and nodes. */
export const ZoneMapSchema = z.object({ zones: z.array(ZoneSchema), nodes: z.array(NodeSchema) });
export type ZoneMap = z.infer<typeof ZoneMapSchema>;

/** Zone fields a user may set, all optional (update; add fills the defaults). */
export const ZonePatchShape = {
  name: EntityNameSchema.optional(),
  /** Missing on add: the default 100×100 square in the middle of the image. */
  points: ZonePointsSchema.optional(),
  shape: ZoneShapeSchema.optional(),
  bgColor: ColorSchema.optional(),
  zoneNameColor: ColorSchema.optional(),
  zoneNameAngle: AngleSchema.optional(),
  zoneNameSize: TextSizeSchema.optional(),
  zoneNamePositionX: CoordinateSchema.nullable().optional(),
  zoneNamePositionY: CoordinateSchema.nullable().optional(),
  configId: ConfigIdSchema.optional(),
};

/** Zone fields of `zone/add`: name required, the rest with the section-3 defaults. */
export const ZoneAddShape = {
  ...ZonePatchShape,
  name: EntityNameSchema,
  shape: ZoneShapeSchema.default(1),
  zoneNameSize: TextSizeSchema.default(FloorPlanDefaults.zoneNameSize),
};

/** A node name: required, 1 to 64 characters. */
export const NodeNameSchema = text(64, 1);

/** Node fields a user may set, all optional (update; add fills the defaults). */
export const NodePatchShape = {
  name: NodeNameSchema.optional(),
  /** Zone the node is placed in (same network), or null for none. */
  zoneId: IdSchema.nullable().optional(),
  positionX: CoordinateSchema.optional(),
  positionY: CoordinateSchema.optional(),
  namePositionX: CoordinateSchema.nullable().optional(),
  namePositionY: CoordinateSchema.nullable().optional(),
  nameSize: TextSizeSchema.optional(),
  nameAngle: AngleSchema.optional(),
  iconSize: z.number().int().min(1).max(500).optional(),
  nameColor: ColorSchema.optional(),
};

/** Node fields of `node/add`: name required, name size 12 and icon size 24 by default. */
export const NodeAddShape = {
  ...NodePatchShape,
  name: NodeNameSchema,
  nameSize: TextSizeSchema.default(FloorPlanDefaults.nodeNameSize),
  iconSize: z.number().int().min(1).max(500).default(FloorPlanDefaults.nodeIconSize),
};

/** The map view of one user on one network (section 3): zoom, and the image's offset on screen. */
export const ViewStateSchema = z.object({ zoom: z.number(), imgX: z.number(), imgY: z.number() });
export type ViewState = z.infer<typeof ViewStateSchema>;

/** A view as saved: any positive zoom, snapped to a 0.125 step between 0.125 and 3 (section 9). */
export const ViewStateShape = {
  zoom: z.number().positive().max(1000),
  imgX: CoordinateSchema,
  imgY: CoordinateSchema,
};
