import { useState } from 'react';

/** What a level slider needs: its value and its change handlers (antd Slider props). */
export interface LevelSlider {
  value: number;
  onChange: (value: number) => void;
  onChangeComplete: (value: number) => void;
}

interface Dragged {
  value: number;
  dragging: boolean;
  /** The reported level when the drag last moved; a released drag holds until the report changes. */
  reported: number;
}

/**
 * A controlled level slider that shows the REPORTED level (following it as it loads and as live
 * events change it) until the user drags. While dragging it shows the dragged value; once released it
 * sends it through `onCommit` and keeps showing it until the reported level changes again.
 */
export function useLevelSlider(reported: number, onCommit: (value: number) => void): LevelSlider {
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const held = dragged !== null && (dragged.dragging || dragged.reported === reported);
  return {
    value: held ? dragged.value : reported,
    onChange: (value) => setDragged({ value, dragging: true, reported }),
    onChangeComplete: (value) => {
      setDragged({ value, dragging: false, reported });
      onCommit(value);
    },
  };
}
