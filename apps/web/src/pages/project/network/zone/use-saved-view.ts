import { type FloorPlanView, normaliseFloorPlanView } from '@lightwell/domain';
import { useCallback, useEffect, useRef } from 'react';
import { useViewStateSaveMutation } from '../../../../api/zone';
import { useFloorPlanView } from '../../../../features/floor-plan';

/** Pause after the last pan or zoom before the view is saved. */
export const VIEW_SAVE_DELAY_MS = 600;

/**
 * The map view of one network, starting from the user's stored view (section 3: zoom 1, imgX 100,
 * imgY 210 by default) and saved to the server a moment after each change settles; a change still
 * waiting is saved when the page closes.
 */
export function useSavedView(nid: number, stored: Partial<FloorPlanView> | undefined) {
  const { view, setView } = useFloorPlanView(stored);
  const save = useViewStateSaveMutation(nid);
  const pending = useRef<FloorPlanView | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { mutate } = save;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (pending.current) mutate(pending.current);
    pending.current = null;
  }, [mutate]);

  useEffect(() => flush, [flush]);

  const handleViewChange = useCallback(
    (next: FloorPlanView) => {
      setView(next);
      pending.current = normaliseFloorPlanView(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, VIEW_SAVE_DELAY_MS);
    },
    [setView, flush],
  );

  return { view, handleViewChange };
}
