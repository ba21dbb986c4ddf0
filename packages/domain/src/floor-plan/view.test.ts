import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FLOOR_PLAN_VIEW,
  fitFloorPlanView,
  imageToScreen,
  normaliseFloorPlanView,
  openingFloorPlanView,
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

describe('fitting the whole plan into the map area (largest 0.125 step, 16 px margin, centred)', () => {
  const viewport = { width: 1280, height: 600 };
  it.each([
    ['a wide plan steps down to 0.5', { width: 2000, height: 1000 }, { zoom: 0.5, imgX: 140, imgY: 50 }],
    [
      'a plan that fits exactly inside the margin keeps zoom 1',
      { width: 1248, height: 568 },
      { zoom: 1, imgX: 16, imgY: 16 },
    ],
    ['a small plan grows to at most 3', { width: 100, height: 50 }, { zoom: 3, imgX: 490, imgY: 225 }],
    [
      'a huge plan shrinks to at least 0.125',
      { width: 40000, height: 20000 },
      { zoom: 0.125, imgX: -1860, imgY: -950 },
    ],
  ])('%s', (_name, image, expected) => {
    expect(fitFloorPlanView(image, viewport)).toEqual(expected);
  });

  it('falls back to the defaults when the image or the map area has no size yet', () => {
    expect(fitFloorPlanView({ width: 0, height: 0 }, viewport)).toEqual(DEFAULT_FLOOR_PLAN_VIEW);
    expect(fitFloorPlanView({ width: 800, height: 600 }, { width: 0, height: 0 })).toEqual(DEFAULT_FLOOR_PLAN_VIEW);
  });
});

describe('the view a map opens with', () => {
  const viewport = { width: 900, height: 500 };
  const image = { width: 1200, height: 800 };

  it('is the saved view when the user has one, normalised', () => {
    expect(openingFloorPlanView({ zoom: 1.3, imgX: -40, imgY: 12 }, image, viewport)).toEqual({
      zoom: 1.25,
      imgX: -40,
      imgY: 12,
    });
  });

  it('fits the whole plan when there is no saved view, not the spec default of zoom 1 at 100, 210', () => {
    const view = openingFloorPlanView(null, image, viewport);
    expect(view).toEqual({ zoom: 0.5, imgX: 150, imgY: 50 });
    expect(view).not.toEqual(DEFAULT_FLOOR_PLAN_VIEW);
    // The whole image lies inside the map area.
    const bottomRight = imageToScreen(view, { x: image.width, y: image.height });
    expect(view.imgX).toBeGreaterThanOrEqual(0);
    expect(view.imgY).toBeGreaterThanOrEqual(0);
    expect(bottomRight.x).toBeLessThanOrEqual(viewport.width);
    expect(bottomRight.y).toBeLessThanOrEqual(viewport.height);
  });
});
