import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLevelSlider } from './use-level-slider';

describe('level slider', () => {
  it('follows the reported level until the user drags, holds the drag, then follows the next report', () => {
    const onCommit = vi.fn();
    const { result, rerender } = renderHook(({ reported }) => useLevelSlider(reported, onCommit), {
      initialProps: { reported: 0 },
    });
    expect(result.current.value).toBe(0);
    rerender({ reported: 60 }); // the state has loaded
    expect(result.current.value).toBe(60);

    act(() => result.current.onChange(30));
    rerender({ reported: 65 }); // a live event while dragging does not move the handle
    expect(result.current.value).toBe(30);
    act(() => result.current.onChangeComplete(25));
    expect(onCommit).toHaveBeenCalledWith(25);
    expect(result.current.value).toBe(25);

    rerender({ reported: 25 }); // the devices report the new level
    expect(result.current.value).toBe(25);
    rerender({ reported: 80 }); // someone else dims them
    expect(result.current.value).toBe(80);
  });
});
