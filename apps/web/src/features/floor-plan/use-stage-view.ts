import { type FloorPlanView, type PlanPoint, zoomAroundPoint, zoomByWheel, zoomIn, zoomOut } from '@lightwell/domain';
import type Konva from 'konva';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { sameView } from './use-floor-plan-view';
import { useLatest } from './use-latest';

/** How long after the last wheel step a wheel zoom is reported. */
const WHEEL_COMMIT_MS = 200;

/** Imperative view of the stage: pan and zoom move the Konva stage, not React state. */
export interface StageView {
  /** The view on screen now (may be ahead of the `view` prop during a gesture). */
  live: () => FloorPlanView;
  /** Shows a view at once, redrawing only the layers' scenes on the next frame. */
  show: (view: FloorPlanView) => void;
  /** Shows a view and reports it through `onViewChange`. */
  commit: (view?: FloorPlanView) => void;
  /** One wheel event at `pointer` (screen pixels of the map): one zoom step, reported after a pause. */
  wheel: (deltaY: number, pointer: PlanPoint) => void;
  /** One zoom step in (+1) or out (-1) around `centre`, reported at once. */
  step: (direction: 1 | -1, centre: PlanPoint) => void;
}

/**
 * Keeps the Konva stage's position and scale equal to the map view. During pan and wheel zoom the
 * stage is moved directly and its layers' scenes are redrawn once per frame, with no React render
 * and no hit-graph redraw; the settled view is then reported once (pan end, {@link WHEEL_COMMIT_MS}
 * after the last wheel step, or a button) and hit graphs are redrawn. A new `view` prop that differs
 * from the stage is applied.
 */
export function useStageView(
  stageRef: RefObject<Konva.Stage | null>,
  view: FloorPlanView,
  onViewChange: ((view: FloorPlanView) => void) | undefined,
): StageView {
  const live = useRef(view);
  const frame = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChange = useLatest(onViewChange);

  const show = useCallback(
    (next: FloorPlanView) => {
      live.current = next;
      const stage = stageRef.current;
      if (!stage) return;
      stage.position({ x: next.imgX, y: next.imgY });
      stage.scale({ x: next.zoom, y: next.zoom });
      if (frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        for (const layer of stageRef.current?.getLayers() ?? []) layer.drawScene();
      });
    },
    [stageRef],
  );

  const commit = useCallback(
    (next: FloorPlanView = live.current) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      show(next);
      stageRef.current?.batchDraw();
      onChange.current?.(next);
    },
    [show, stageRef, onChange],
  );

  useLayoutEffect(() => {
    const stage = stageRef.current;
    const next = { zoom: view.zoom, imgX: view.imgX, imgY: view.imgY };
    const onStage = stage ? { zoom: stage.scaleX(), imgX: stage.x(), imgY: stage.y() } : live.current;
    if (sameView(onStage, next)) return;
    show(next);
    stage?.batchDraw();
  }, [view.zoom, view.imgX, view.imgY, show, stageRef]);

  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      // A wheel zoom still waiting to be reported is reported on the way out.
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        onChange.current?.(live.current);
      }
    },
    [onChange],
  );

  return useMemo(
    () => ({
      live: () => live.current,
      show,
      commit,
      wheel: (deltaY, pointer) => {
        const zoom = zoomByWheel(live.current.zoom, deltaY);
        if (zoom === live.current.zoom) return;
        show(zoomAroundPoint(live.current, zoom, pointer));
        clearTimeout(timer.current);
        timer.current = setTimeout(() => commit(), WHEEL_COMMIT_MS);
      },
      step: (direction, centre) => {
        const zoom = direction > 0 ? zoomIn(live.current.zoom) : zoomOut(live.current.zoom);
        if (zoom !== live.current.zoom) commit(zoomAroundPoint(live.current, zoom, centre));
      },
    }),
    [show, commit],
  );
}
