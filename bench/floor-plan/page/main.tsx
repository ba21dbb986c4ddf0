// The benchmark page: the console's FloorPlan component with a synthetic plan of 2,000 nodes and
// 200 zones on a 4000×3000 picture. Query: ?mode=view|edit. It counts animation frames in
// window.__frames, sets window.__bench once the picture is on the stage, and logs the map's
// callbacks in window.__events (applying them to the plan, as a page saving them would).
import type { FloorPlanView } from '@lightwell/domain';
import Konva from 'konva';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FloorPlan, useFloorPlanView } from '../../../apps/web/src/features/floor-plan';
import '../../../apps/web/src/i18n';
import { PLAN_SIZE, syntheticImageUrl, syntheticPlan } from './synthetic-plan';
import { type PlanEvent, usePlanState } from './use-plan-state';

interface BenchWindow {
  __frames: number[];
  /** Milliseconds spent in Konva scene draws during each frame (same order as __frames). */
  __drawMs: number[];
  /** Milliseconds of scene draws per layer name since the last reset. */
  __layerMs: Record<string, number>;
  __events: PlanEvent[];
  __bench?: { ready: boolean; view: FloorPlanView; setView: (view: FloorPlanView) => void };
}
const bench = window as unknown as Window & BenchWindow;

bench.__frames = [];
bench.__drawMs = [];
bench.__layerMs = {};
bench.__events = [];
let drawing = 0;
const countFrame = (time: number) => {
  bench.__frames.push(time);
  bench.__drawMs.push(drawing);
  drawing = 0;
  requestAnimationFrame(countFrame);
};
// Time every layer scene draw, to report the map's own cost per frame besides the frame rate.
const drawScene = Konva.Layer.prototype.drawScene;
Konva.Layer.prototype.drawScene = function timedDrawScene(this: Konva.Layer, ...args: Parameters<typeof drawScene>) {
  const start = performance.now();
  try {
    return drawScene.apply(this, args);
  } finally {
    const ms = performance.now() - start;
    drawing += ms;
    bench.__layerMs[this.name()] = (bench.__layerMs[this.name()] ?? 0) + ms;
  }
};
requestAnimationFrame(countFrame);

const initialPlan = syntheticPlan();
const mode = new URLSearchParams(location.search).get('mode') === 'edit' ? 'edit' : 'view';

function BenchPage() {
  const { view, setView } = useFloorPlanView();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const plan = usePlanState(initialPlan, bench.__events);

  useEffect(() => {
    void syntheticImageUrl().then(setImageUrl);
  }, []);

  useEffect(() => {
    const ready = Boolean(imageUrl);
    bench.__bench = { ready: false, view, setView };
    if (!ready) return;
    // Ready once the decoded picture has been drawn by the stage.
    const check = () => {
      const konva = (window as unknown as { Konva?: { stages: { findOne: (selector: string) => unknown }[] } }).Konva;
      if (konva?.stages[0]?.findOne('#plan-image')) bench.__bench = { ready: true, view, setView };
      else setTimeout(check, 50);
    };
    check();
  }, [imageUrl, view, setView]);

  return (
    <FloorPlan
      imageUrl={imageUrl}
      imageSize={PLAN_SIZE}
      zones={plan.zones}
      nodes={plan.nodes}
      view={view}
      mode={mode}
      selectedZoneId={plan.selectedZoneId}
      height="calc(100vh - 56px)"
      onViewChange={setView}
      {...plan.callbacks}
    />
  );
}

createRoot(document.getElementById('root')!).render(<BenchPage />);
