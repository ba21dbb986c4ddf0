import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FLOOR_PLAN_VIEW,
  imageToScreen,
  normaliseFloorPlanView,
  screenToImage,
  visibleImageRect,
  zoomAroundPoint,
} from './view.ts';

describe('map view state (sections 3 and 9: zoom 1, imgX 100, imgY 210)', () => {
  it('defaults to zoom 1 at 100, 210', () => {
    expect(DEFAULT_FLOOR_PLAN_VIEW).toEqual({ zoom: 1, imgX: 100, imgY: 210 });
  });

  it.each([
    [undefined, { zoom: 1, imgX: 100, imgY: 210 }],
    [null, { zoom: 1, imgX: 100, imgY: 210 }],
    [{}, { zoom: 1, imgX: 100, imgY: 210 }],
    [
      { zoom: 2.5, imgX: -40, imgY: 12.5 },
      { zoom: 2.5, imgX: -40, imgY: 12.5 },
    ],
    [{ zoom: 1.3 }, { zoom: 1.25, imgX: 100, imgY: 210 }],
    [
      { zoom: 10, imgX: 'x', imgY: Number.NaN },
      { zoom: 3, imgX: 100, imgY: 210 },
    ],
    [{ zoom: 0 }, { zoom: 0.125, imgX: 100, imgY: 210 }],
  ])('normalises %o to %o', (stored, expected) => {
    expect(normaliseFloorPlanView(stored)).toEqual(expected);
  });

  it('keeps the image point under the pointer when zooming', () => {
    const view = { zoom: 1, imgX: 100, imgY: 210 };
    const pointer = { x: 300, y: 310 };
    const before = screenToImage(view, pointer);
    const zoomed = zoomAroundPoint(view, 2, pointer);
    expect(zoomed).toEqual({ zoom: 2, imgX: -100, imgY: 110 });
    expect(screenToImage(zoomed, pointer)).toEqual(before);
    expect(imageToScreen(zoomed, before)).toEqual(pointer);
  });

  it('converts between screen and image coordinates', () => {
    const view = { zoom: 0.5, imgX: 100, imgY: 210 };
    expect(screenToImage(view, { x: 100, y: 210 })).toEqual({ x: 0, y: 0 });
    expect(screenToImage(view, { x: 350, y: 460 })).toEqual({ x: 500, y: 500 });
    expect(imageToScreen(view, { x: 500, y: 500 })).toEqual({ x: 350, y: 460 });
  });

  it('finds the visible part of the image plane', () => {
    expect(visibleImageRect({ zoom: 2, imgX: -100, imgY: 0 }, { width: 800, height: 600 })).toEqual({
      minX: 50,
      minY: 0,
      maxX: 450,
      maxY: 300,
    });
  });
});
