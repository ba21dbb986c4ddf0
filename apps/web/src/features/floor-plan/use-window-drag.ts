import { useEffect, useState } from 'react';
import { useLatest } from './use-latest';

/** Handlers of a drag that follows the pointer over the whole window. */
export interface WindowDragHandlers<G> {
  onMove: (gesture: G, event: PointerEvent) => void;
  /** `cancelled` when the browser took the pointer away (pointercancel). */
  onEnd: (gesture: G, event: PointerEvent, cancelled: boolean) => void;
}

/** A drag in progress on the window. */
export interface WindowDrag<G> {
  start: (gesture: G) => void;
  stop: () => void;
  active: () => boolean;
}

/**
 * Follows a pointer gesture on `window` from its start until the pointer is released, so a drag
 * that leaves the map still ends cleanly. Listeners are removed on release and on unmount.
 */
export function useWindowDrag<G>(handlers: WindowDragHandlers<G>): WindowDrag<G> {
  const latest = useLatest(handlers);
  const [drag] = useState(() => {
    let gesture: G | null = null;
    const move = (event: PointerEvent) => {
      if (gesture) latest.current.onMove(gesture, event);
    };
    const end = (event: PointerEvent) => {
      const current = gesture;
      stop();
      if (current) latest.current.onEnd(current, event, event.type === 'pointercancel');
    };
    const stop = () => {
      gesture = null;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
    const start = (next: G) => {
      stop();
      gesture = next;
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', end);
      window.addEventListener('pointercancel', end);
    };
    return { start, stop, active: () => gesture !== null };
  });
  useEffect(() => drag.stop, [drag]);
  return drag;
}
