import { useEffect } from 'react';
import { useLatest } from './use-latest';

/** What the drawing keys do: Escape cancels, Enter finishes. */
export interface DrawingKeys {
  onCancel: () => void;
  onFinish: () => void;
}

/**
 * While `active` (a drawing tool is chosen), Escape and Enter work anywhere on the page except in
 * text fields, so they act right after clicking on the canvas, which cannot hold the focus.
 */
export function useDrawingKeys(active: boolean, keys: DrawingKeys): void {
  const latest = useLatest(keys);
  useEffect(() => {
    if (!active) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const action =
        event.key === 'Escape' ? latest.current.onCancel : event.key === 'Enter' ? latest.current.onFinish : null;
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [active, latest]);
}
