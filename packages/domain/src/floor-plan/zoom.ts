/** Zoom of the network map (sections 2 and 9): 0.125 to 3 in steps of 0.125, default 1. */
export const FloorPlanZoom = { min: 0.125, max: 3, step: 0.125, default: 1 } as const;

// Guards against 0.1 + 0.2 style remainders when a zoom is divided into steps.
const EPSILON = 1e-9;

/** A zoom kept between 0.125 and 3 (section 9); anything not a finite number gives the default 1. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return FloorPlanZoom.default;
  return Math.min(FloorPlanZoom.max, Math.max(FloorPlanZoom.min, zoom));
}

/** The nearest allowed zoom: a multiple of 0.125 between 0.125 and 3 (section 9). */
export function snapZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return FloorPlanZoom.default;
  return clampZoom(Math.round(zoom / FloorPlanZoom.step) * FloorPlanZoom.step);
}

/** One step (0.125) larger, up to 3; a zoom between steps goes to the next step up (section 2). */
export function zoomIn(zoom: number): number {
  if (!Number.isFinite(zoom)) return FloorPlanZoom.default;
  return clampZoom(Math.floor(zoom / FloorPlanZoom.step + EPSILON) * FloorPlanZoom.step + FloorPlanZoom.step);
}

/** One step (0.125) smaller, down to 0.125; a zoom between steps goes to the next step down (section 2). */
export function zoomOut(zoom: number): number {
  if (!Number.isFinite(zoom)) return FloorPlanZoom.default;
  return clampZoom(Math.ceil(zoom / FloorPlanZoom.step - EPSILON) * FloorPlanZoom.step - FloorPlanZoom.step);
}

/**
 * Steps one mouse-wheel event zooms by: +1 (in) when the wheel turns away from the user (negative
 * `deltaY`), -1 (out) towards the user, 0 for a sideways or empty event. Every event is one step,
 * whatever its size, so mice and touchpads move in the spec's 0.125 steps.
 */
export function wheelZoomStep(deltaY: number): -1 | 0 | 1 {
  if (!Number.isFinite(deltaY) || deltaY === 0) return 0;
  return deltaY < 0 ? 1 : -1;
}

/** The zoom after one wheel event; see {@link wheelZoomStep}. */
export function zoomByWheel(zoom: number, deltaY: number): number {
  const step = wheelZoomStep(deltaY);
  if (step === 0) return snapZoom(zoom);
  return step > 0 ? zoomIn(zoom) : zoomOut(zoom);
}
