import { describe, expect, it } from 'vitest';
import { polygonClick, polygonZone, rectangleZone } from './drawing';

const image = { width: 500, height: 500 };
const view = { zoom: 2, imgX: 0, imgY: 0 };

describe('drawing zones on the map', () => {
  it('makes a rectangle from a drag, clamped to the image', () => {
    expect(rectangleZone({ x: 450, y: 20 }, { x: 600, y: 80 }, 200, image)).toEqual([
      { x: 450, y: 20 },
      { x: 500, y: 20 },
      { x: 500, y: 80 },
      { x: 450, y: 80 },
    ]);
  });

  it('makes the default 100×100 square from a click', () => {
    expect(rectangleZone({ x: 480, y: 10 }, { x: 481, y: 10 }, 1, image)).toEqual([
      { x: 400, y: 0 },
      { x: 500, y: 0 },
      { x: 500, y: 100 },
      { x: 400, y: 100 },
    ]);
  });

  it('makes nothing from a drag outside the image', () => {
    expect(rectangleZone({ x: 600, y: 20 }, { x: 700, y: 80 }, 200, image)).toBeNull();
  });

  it('cleans a polygon and refuses one without area', () => {
    expect(
      polygonZone(
        [
          { x: 0, y: 0 },
          { x: 50, y: 1 },
          { x: 100, y: 0 },
          { x: 100, y: 100 },
        ],
        image,
      ),
    ).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ]);
    expect(
      polygonZone(
        [
          { x: 0, y: 0 },
          { x: 50, y: 0 },
          { x: 100, y: 0 },
        ],
        image,
      ),
    ).toBeNull();
  });

  it.each([
    ['closes on the first corner', [0, 0, 100, 0, 100, 100], { x: 5, y: 5 }, 2000, 'close'],
    ['does not close with two corners', [0, 0, 100, 0], { x: 2, y: 2 }, 2000, 'add'],
    ['closes on a double-click on the last corner', [0, 0, 100, 0, 100, 100], { x: 201, y: 200 }, 300, 'close'],
    ['ignores a slow second click on the last corner', [0, 0, 100, 0, 100, 100], { x: 201, y: 200 }, 900, 'ignore'],
    ['ignores a double-click with two corners', [0, 0, 100, 0], { x: 200, y: 0 }, 100, 'ignore'],
    ['adds a corner elsewhere, however quick', [0, 0, 100, 0, 100, 100], { x: 50, y: 150 }, 50, 'add'],
    ['adds the first corner', [], { x: 50, y: 150 }, 0, 'add'],
  ])('%s', (_name, flat, screen, ms, expected) => {
    const points = [];
    for (let i = 0; i < flat.length; i += 2) points.push({ x: flat[i]!, y: flat[i + 1]! });
    expect(polygonClick(points, screen, view, ms)).toBe(expected);
  });
});
