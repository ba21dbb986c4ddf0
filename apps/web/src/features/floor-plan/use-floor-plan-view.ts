import {
  DEFAULT_FLOOR_PLAN_VIEW,
  type FloorPlanView,
  normaliseFloorPlanView,
  type PlanPoint,
  zoomAroundPoint,
  zoomByWheel,
  zoomIn,
  zoomOut,
} from '@lightwell/domain';
import { useCallback, useMemo, useState } from 'react';

/** View state of a map and the moves the spec allows on it. */
export interface FloorPlanViewState {
  view: FloorPlanView;
  /** Sets the view, normalised: missing fields take the defaults, zoom snaps to a 0.125 step in 0.125..3. */
  setView: (view: Partial<FloorPlanView>) => void;
  /** One step in, keeping `centre` (screen pixels of the map area; default the image's top-left) still. */
  zoomIn: (centre?: PlanPoint) => void;
  /** One step out, keeping `centre` still. */
  zoomOut: (centre?: PlanPoint) => void;
  /** One step per wheel event, around the pointer. */
  zoomWheel: (deltaY: number, pointer: PlanPoint) => void;
  /** Back to zoom 1 at (100, 210). */
  reset: () => void;
}

/**
 * Holds a map's zoom and offset with the domain rules (spec sections 2, 3 and 9): zoom 0.125 to 3
 * in steps of 0.125, defaults zoom 1, imgX 100, imgY 210. Pass `view` and `setView` to
 * `<FloorPlan view onViewChange>`; `initial` is the stored per-user, per-network view, if any.
 */
export function useFloorPlanView(initial?: Partial<FloorPlanView> | null): FloorPlanViewState {
  const [view, setState] = useState<FloorPlanView>(() => normaliseFloorPlanView(initial));

  const setView = useCallback(
    (next: Partial<FloorPlanView>) =>
      setState((current) => {
        const normalised = normaliseFloorPlanView({ ...current, ...next });
        return sameView(current, normalised) ? current : normalised;
      }),
    [],
  );

  const zoomTo = useCallback(
    (zoomOf: (zoom: number) => number, centre?: PlanPoint) =>
      setState((current) => {
        const zoom = zoomOf(current.zoom);
        if (zoom === current.zoom) return current;
        return zoomAroundPoint(current, zoom, centre ?? { x: current.imgX, y: current.imgY });
      }),
    [],
  );

  return useMemo(
    () => ({
      view,
      setView,
      zoomIn: (centre?: PlanPoint) => zoomTo(zoomIn, centre),
      zoomOut: (centre?: PlanPoint) => zoomTo(zoomOut, centre),
      zoomWheel: (deltaY: number, pointer: PlanPoint) => zoomTo((zoom) => zoomByWheel(zoom, deltaY), pointer),
      reset: () =>
        setState((current) => (sameView(current, DEFAULT_FLOOR_PLAN_VIEW) ? current : { ...DEFAULT_FLOOR_PLAN_VIEW })),
    }),
    [view, setView, zoomTo],
  );
}

/** True when two views are the same. */
export function sameView(a: FloorPlanView, b: FloorPlanView): boolean {
  return a.zoom === b.zoom && a.imgX === b.imgX && a.imgY === b.imgY;
}
