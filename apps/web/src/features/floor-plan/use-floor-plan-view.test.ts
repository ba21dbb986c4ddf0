import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFloorPlanView } from './use-floor-plan-view';

describe('useFloorPlanView (sections 2, 3, 9)', () => {
  it('starts at zoom 1, imgX 100, imgY 210', () => {
    const { result } = renderHook(() => useFloorPlanView());
    expect(result.current.view).toEqual({ zoom: 1, imgX: 100, imgY: 210 });
  });

  it('starts from a stored view, normalised', () => {
    const { result } = renderHook(() => useFloorPlanView({ zoom: 1.3, imgX: 5 }));
    expect(result.current.view).toEqual({ zoom: 1.25, imgX: 5, imgY: 210 });
  });

  it('zooms in and out in steps of 0.125 and stops at 3 and 0.125', () => {
    const { result } = renderHook(() => useFloorPlanView({ zoom: 2.75, imgX: 0, imgY: 0 }));
    act(() => result.current.zoomIn());
    expect(result.current.view.zoom).toBe(2.875);
    act(() => {
      result.current.zoomIn();
      result.current.zoomIn();
      result.current.zoomIn();
    });
    expect(result.current.view.zoom).toBe(3);
    act(() => result.current.setView({ zoom: 0.25 }));
    act(() => {
      result.current.zoomOut();
      result.current.zoomOut();
    });
    expect(result.current.view.zoom).toBe(0.125);
  });

  it('keeps the point under the wheel still, one step per event', () => {
    const { result } = renderHook(() => useFloorPlanView({ zoom: 1, imgX: 100, imgY: 210 }));
    act(() => result.current.zoomWheel(-120, { x: 300, y: 410 }));
    // Image point (200, 200) stays at screen (300, 410) at zoom 1.125.
    expect(result.current.view).toEqual({ zoom: 1.125, imgX: 75, imgY: 185 });
    act(() => result.current.zoomWheel(120, { x: 300, y: 410 }));
    expect(result.current.view).toEqual({ zoom: 1, imgX: 100, imgY: 210 });
  });

  it('zooms the buttons around a given centre', () => {
    const { result } = renderHook(() => useFloorPlanView({ zoom: 1, imgX: 0, imgY: 0 }));
    act(() => result.current.zoomIn({ x: 400, y: 300 }));
    expect(result.current.view).toEqual({ zoom: 1.125, imgX: -50, imgY: -37.5 });
  });

  it('snaps and clamps what is set, and resets to the defaults', () => {
    const { result } = renderHook(() => useFloorPlanView());
    act(() => result.current.setView({ zoom: 9, imgX: -20, imgY: 40 }));
    expect(result.current.view).toEqual({ zoom: 3, imgX: -20, imgY: 40 });
    act(() => result.current.reset());
    expect(result.current.view).toEqual({ zoom: 1, imgX: 100, imgY: 210 });
  });

  it('keeps the same object when nothing changes', () => {
    const { result } = renderHook(() => useFloorPlanView());
    const before = result.current.view;
    act(() => result.current.setView({ zoom: 1 }));
    act(() => result.current.reset());
    expect(result.current.view).toBe(before);
  });
});
