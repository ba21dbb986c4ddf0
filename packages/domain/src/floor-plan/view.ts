import type { PlanPoint, PlanSize } from '../zone-geometry/point.ts';
import { clampZoom, FloorPlanZoom, snapZoom } from './zoom.ts';

/**
 * Per-user, per-network view of the map (section 3): `zoom` and the screen position of the image's
 * top-left corner (`imgX`, `imgY`, in screen pixels of the map area). A point (x, y) of the image
 * is drawn at (imgX + x·zoom, imgY + y·zoom).
 */
export interface FloorPlanView {
  zoom: number;
  imgX: number;
  imgY: number;
}

/** Section 9: zoom 1, x 100, y 210. */
export const DEFAULT_FLOOR_PLAN_VIEW: Readonly<FloorPlanView> = Object.freeze({
  zoom: FloorPlanZoom.default,
  imgX: 100,
  imgY: 210,
});

const finiteOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * A stored or partial view made valid (sections 3 and 9): missing or non-numeric fields take the
 * defaults (zoom 1, imgX 100, imgY 210) and the zoom is snapped to a step between 0.125 and 3.
 */
export function normaliseFloorPlanView(
  view: Partial<Record<keyof FloorPlanView, unknown>> | null | undefined,
): FloorPlanView {
  return {
    zoom: snapZoom(finiteOr(view?.zoom, DEFAULT_FLOOR_PLAN_VIEW.zoom)),
    imgX: finiteOr(view?.imgX, DEFAULT_FLOOR_PLAN_VIEW.imgX),
    imgY: finiteOr(view?.imgY, DEFAULT_FLOOR_PLAN_VIEW.imgY),
  };
}

/**
 * The view at `zoom` that keeps the image point under `pointer` (screen pixels of the map area)
 * where it is, as wheel zoom around the pointer does (section 2).
 */
export function zoomAroundPoint(view: FloorPlanView, zoom: number, pointer: PlanPoint): FloorPlanView {
  const imageX = (pointer.x - view.imgX) / view.zoom;
  const imageY = (pointer.y - view.imgY) / view.zoom;
  return { zoom, imgX: pointer.x - imageX * zoom, imgY: pointer.y - imageY * zoom };
}

/** Image coordinates of a screen point of the map area. */
export function screenToImage(view: FloorPlanView, screen: PlanPoint): PlanPoint {
  return { x: (screen.x - view.imgX) / view.zoom, y: (screen.y - view.imgY) / view.zoom };
}

/** Screen point of the map area where an image point is drawn. */
export function imageToScreen(view: FloorPlanView, image: PlanPoint): PlanPoint {
  return { x: view.imgX + image.x * view.zoom, y: view.imgY + image.y * view.zoom };
}

/** The part of the image plane (image coordinates, maybe beyond the image) a map area of `viewport` shows. */
export function visibleImageRect(
  view: FloorPlanView,
  viewport: PlanSize,
): { minX: number; minY: number; maxX: number; maxY: number } {
  const topLeft = screenToImage(view, { x: 0, y: 0 });
  const bottomRight = screenToImage(view, { x: viewport.width, y: viewport.height });
  return { minX: topLeft.x, minY: topLeft.y, maxX: bottomRight.x, maxY: bottomRight.y };
}

/** Free screen pixels kept around the image when it is fitted to the map area. */
export const FIT_MARGIN = 16;

/**
 * The view that shows the whole image centred in a map area of `viewport`: the largest zoom step
 * (0.125 to 3) at which the image and a margin of {@link FIT_MARGIN} on each side fit. An image or map
 * area without size gives the defaults of section 9.
 */
export function fitFloorPlanView(image: PlanSize, viewport: PlanSize): FloorPlanView {
  const room = { width: viewport.width - 2 * FIT_MARGIN, height: viewport.height - 2 * FIT_MARGIN };
  if (!(image.width > 0 && image.height > 0 && room.width > 0 && room.height > 0)) {
    return { ...DEFAULT_FLOOR_PLAN_VIEW };
  }
  const scale = Math.min(room.width / image.width, room.height / image.height);
  const zoom = clampZoom(Math.floor(scale / FloorPlanZoom.step + 1e-9) * FloorPlanZoom.step);
  return {
    zoom,
    imgX: Math.round((viewport.width - image.width * zoom) / 2),
    imgY: Math.round((viewport.height - image.height * zoom) / 2),
  };
}

/**
 * The view a map opens with: the user's saved view of that network (normalised), or, when there is
 * none, the whole plan fitted to the map area ({@link fitFloorPlanView}). The spec's default (zoom 1
 * at 100, 210) is not used to open a map: it leaves the top of the area empty and most of a plan
 * larger than the window off screen (see docs/decisions.md).
 */
export function openingFloorPlanView(
  saved: Partial<FloorPlanView> | null | undefined,
  image: PlanSize,
  viewport: PlanSize,
): FloorPlanView {
  return saved ? normaliseFloorPlanView(saved) : fitFloorPlanView(image, viewport);
}
