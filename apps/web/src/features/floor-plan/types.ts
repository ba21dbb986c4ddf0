import type { FloorPlanView, PlanPoint, PlanSize, ZoneShapeValue } from '@lightwell/domain';

/**
 * A zone as the map draws it (spec section 3). Every position is in the floor-plan image's own
 * pixels of `imageSize` (see `PlanPoint` in the domain package), never in screen pixels.
 */
export interface FloorPlanZone {
  id: number;
  name: string;
  /** Corners, clockwise; a rectangle (shape 1) has the four corners of its bounding box. */
  points: readonly PlanPoint[];
  shape: ZoneShapeValue;
  /** Fill colour; drawn see-through unless it carries its own alpha. */
  bgColor?: string | null;
  zoneNameColor?: string | null;
  /** Rotation of the name in degrees, clockwise. */
  zoneNameAngle?: number | null;
  /** Name size in image pixels; 16 when missing. */
  zoneNameSize?: number | null;
  /** Centre of the name in image pixels; the zone's centroid when missing. */
  zoneNamePositionX?: number | null;
  zoneNamePositionY?: number | null;
}

/** A node (device) as the map draws it (spec section 3); positions in image pixels. */
export interface FloorPlanNode {
  id: number;
  name: string;
  /** Centre of the icon. */
  positionX: number;
  positionY: number;
  /** Centre of the name as an offset from the node's position, so the name follows its node; below the icon when missing. */
  namePositionX?: number | null;
  namePositionY?: number | null;
  /** Name size in image pixels; 12 when missing. */
  nameSize?: number | null;
  /** Rotation of the name in degrees, clockwise. */
  nameAngle?: number | null;
  /** Icon diameter in image pixels; 24 when missing. */
  iconSize?: number | null;
  nameColor?: string | null;
  zoneId?: number | null;
  /** Section 4: 0 offline/unknown, 1 fault, 2 second fault state, anything else normal. */
  status?: number | null;
  /** View mode: icon colour that replaces the status colour (the live light state). */
  fill?: string | null;
  /** View mode: colour of a small badge on the icon (offline, fault); none when missing. */
  mark?: string | null;
}

/** What a drag changes on a zone: its points (already clamped and cleaned by the domain rules). */
interface FloorPlanZonePatch {
  points: PlanPoint[];
}

/** Tools of edit mode: select and move, draw a rectangle, draw a polygon (section 2). */
export type FloorPlanTool = 'select' | 'rectangle' | 'polygon';

/** Props of {@link FloorPlan}. It fetches nothing: the page passes data in and saves what the callbacks report. */
export interface FloorPlanProps {
  /** Floor-plan picture; a plain rectangle of `imageSize` is drawn while it loads or when there is none. */
  imageUrl?: string | null;
  /** The network's imageSize; all positions are in these pixels. */
  imageSize: PlanSize;
  zones: readonly FloorPlanZone[];
  nodes: readonly FloorPlanNode[];
  /**
   * Zoom and image offset; controlled, see `useFloorPlanView` and `useSavedView`. `null`: no view is
   * saved, and the whole plan is shown fitted to the map area until the first pan or zoom.
   */
  view: FloorPlanView | null;
  mode: 'view' | 'edit';
  /** Selected zone; when left undefined the map keeps its own selection. */
  selectedZoneId?: number | null;
  /** Selected node; when left undefined the map keeps its own selection. */
  selectedNodeId?: number | null;
  /** CSS height of the map area (default 600 px); the width fills the parent. */
  height?: number | string;
  /** A pan, zoom or reset has settled (pan end, 200 ms after the last wheel step, a button). */
  onViewChange?: (view: FloorPlanView) => void;
  /** A zone was drawn: points clamped and cleaned, shape 1 rectangle or 2 polygon. */
  onZoneCreate?: (points: PlanPoint[], shape: ZoneShapeValue) => void;
  /** A zone's corners were dragged. */
  onZoneChange?: (id: number, patch: FloorPlanZonePatch) => void;
  onZoneSelect?: (id: number | null) => void;
  onNodeSelect?: (id: number | null) => void;
  /** A node was dropped at (x, y), inside zone `zoneId` (the top-most zone holding the point) or none. */
  onNodeMove?: (id: number, x: number, y: number, zoneId: number | null) => void;
  /** A node's name was dropped; (x, y) is its new offset from the node. */
  onNodeNameMove?: (id: number, x: number, y: number) => void;
  /** A zone's name was dropped at (x, y), clamped to the image. */
  onZoneNameMove?: (id: number, x: number, y: number) => void;
}
