import type Konva from 'konva';
import { type RefObject, useLayoutEffect, useRef } from 'react';
import { type KonvaEventObject, Stage } from './konva';
import { BackgroundLayer } from './layers/background-layer';
import { NodesLayer } from './layers/nodes-layer';
import { OverlayLayer } from './layers/overlay-layer';
import { ZonesLayer } from './layers/zones-layer';

/** The plan's layers, bottom to top. */
export interface PlanLayers {
  background: BackgroundLayer;
  zones: ZonesLayer;
  nodes: NodesLayer;
  overlay: OverlayLayer;
}

/** Pointer handlers of the stage. */
export interface StageHandlers {
  onPointerDown: (event: KonvaEventObject<PointerEvent>) => void;
  onPointerMove: (event: KonvaEventObject<PointerEvent>) => void;
  onWheel: (event: KonvaEventObject<WheelEvent>) => void;
}

/**
 * Creates the plan's Konva stage (id `floor-plan`) in `hostRef`'s element with its four layers, before
 * any later layout effect of the caller reads `stageRef`, and destroys it on unmount. The stage takes
 * `size`; the handlers are read when an event comes, so they may change on every render.
 */
export function usePlanStage(
  hostRef: RefObject<HTMLDivElement | null>,
  stageRef: RefObject<Konva.Stage | null>,
  size: { width: number; height: number },
  handlers: RefObject<StageHandlers | null>,
): RefObject<PlanLayers | null> {
  const layers = useRef<PlanLayers | null>(null);
  useLayoutEffect(() => {
    const container = hostRef.current;
    if (!container) return;
    const stage = new Stage({ container, id: 'floor-plan', width: 0, height: 0 });
    const created = {
      background: new BackgroundLayer(),
      zones: new ZonesLayer(),
      nodes: new NodesLayer(),
      overlay: new OverlayLayer(),
    };
    stage.add(created.background.layer, created.zones.layer, created.nodes.layer, created.overlay.layer);
    stage.on('pointerdown', (event) => handlers.current?.onPointerDown(event));
    stage.on('pointermove', (event) => handlers.current?.onPointerMove(event));
    stage.on('wheel', (event) => handlers.current?.onWheel(event));
    stageRef.current = stage;
    layers.current = created;
    return () => {
      stage.destroy();
      stageRef.current = null;
      layers.current = null;
    };
  }, [hostRef, stageRef, handlers]);
  const { width, height } = size;
  useLayoutEffect(() => {
    stageRef.current?.size({ width, height });
  }, [stageRef, width, height]);
  return layers;
}
