import { describe, expect, it } from 'vitest';
import { clampZoom, FloorPlanZoom, snapZoom, wheelZoomStep, zoomByWheel, zoomIn, zoomOut } from './zoom.ts';

describe('map zoom: 0.125 to 3 in steps of 0.125 (sections 2 and 9)', () => {
  it('has the spec limits and default', () => {
    expect(FloorPlanZoom).toEqual({ min: 0.125, max: 3, step: 0.125, default: 1 });
  });

  it.each([
    [1, 1.125],
    [0.125, 0.25],
    [2.875, 3],
    [3, 3],
    [1.1, 1.125],
    [0.01, 0.125],
    [7, 3],
  ])('zoom in from %f gives %f', (zoom, expected) => {
    expect(zoomIn(zoom)).toBe(expected);
  });

  it.each([
    [1, 0.875],
    [0.25, 0.125],
    [0.125, 0.125],
    [3, 2.875],
    [1.1, 1],
    [9, 3],
  ])('zoom out from %f gives %f', (zoom, expected) => {
    expect(zoomOut(zoom)).toBe(expected);
  });

  it('walks every one of the 24 steps from 0.125 to 3 and back', () => {
    const up = [0.125];
    while (up.at(-1)! < 3) up.push(zoomIn(up.at(-1)!));
    expect(up).toHaveLength(24);
    expect(up).toEqual(Array.from({ length: 24 }, (_, i) => (i + 1) * 0.125));
    const down = [3];
    while (down.at(-1)! > 0.125) down.push(zoomOut(down.at(-1)!));
    expect(down).toEqual([...up].reverse());
  });

  it.each([
    [1.06, 1.0],
    [1.07, 1.125],
    [0, 0.125],
    [-2, 0.125],
    [3.2, 3],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])('snaps %f to %f', (zoom, expected) => {
    expect(snapZoom(zoom)).toBe(expected);
  });

  it.each([
    [0.05, 0.125],
    [1.3, 1.3],
    [4, 3],
    [Number.NaN, 1],
  ])('clamps %f to %f without snapping', (zoom, expected) => {
    expect(clampZoom(zoom)).toBe(expected);
  });

  it.each([
    [-100, 1],
    [-3, 1],
    [120, -1],
    [0.5, -1],
    [0, 0],
    [Number.NaN, 0],
  ])('a wheel delta of %f is %i step', (deltaY, step) => {
    expect(wheelZoomStep(deltaY)).toBe(step);
  });

  it('zooms one step per wheel event', () => {
    expect(zoomByWheel(1, -100)).toBe(1.125);
    expect(zoomByWheel(1, 100)).toBe(0.875);
    expect(zoomByWheel(1.06, 0)).toBe(1);
    expect(zoomByWheel(3, -1)).toBe(3);
    expect(zoomByWheel(0.125, 1)).toBe(0.125);
  });
});
