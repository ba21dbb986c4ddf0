import { type FloorPlanView, normaliseFloorPlanView } from '@lightwell/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useViewStateSaveMutation } from '../../api/zone';
import { sameView } from './use-floor-plan-view';

/** Pause after the last pan or zoom before the view is saved. */
const VIEW_SAVE_DELAY_MS = 600;

/**
 * The map view of network `nid` for `<FloorPlan view onViewChange>`: the user's saved view of that
 * network, or `null` while there is none, which the map shows fitted to its area (section 3 keeps a
 * view per user and network; docs/decisions.md says why a missing one is fitted, not zoom 1 at 100,
 * 210). Each pan or zoom is saved a moment after it settles; a change still waiting is saved when the
 * page closes. Give the component that calls it `key={nid}`, so another network starts from its own view.
 */
export function useSavedView(nid: number, saved: FloorPlanView | null | undefined) {
  const [view, setView] = useState<FloorPlanView | null>(() => (saved ? normaliseFloorPlanView(saved) : null));
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
      const normalised = normaliseFloorPlanView(next);
      setView((current) => (current && sameView(current, normalised) ? current : normalised));
      pending.current = normalised;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, VIEW_SAVE_DELAY_MS);
    },
    [flush],
  );

  return { view, handleViewChange };
}
