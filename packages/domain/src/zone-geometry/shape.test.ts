import { describe, expect, it } from 'vitest';
import type { PlanPoint } from './point.ts';
import {
  moveRectangleCorner,
  normaliseZonePoints,
  rectangleFromBoundingBox,
  rectangleFromCorners,
  ZoneShapeKind,
} from './shape.ts';

const p = (x: number, y: number): PlanPoint => ({ x, y });
const image = { width: 500, height: 500 };

describe('zone shape (section 3: 1 rectangle from bounding box, 2 polygon)', () => {
  it('codes rectangle 1 and polygon 2', () => {
    expect(ZoneShapeKind).toEqual({ rectangle: 1, polygon: 2 });
  });

  it.each<[string, PlanPoint[], PlanPoint[]]>([
    ['a triangle', [p(10, 20), p(90, 40), p(30, 80)], [p(10, 20), p(90, 20), p(90, 80), p(10, 80)]],
    ['corners out of order', [p(90, 80), p(10, 20)], [p(10, 20), p(90, 20), p(90, 80), p(10, 80)]],
    ['one point', [p(5, 5)], [p(5, 5), p(5, 5), p(5, 5), p(5, 5)]],
    ['no points', [], []],
  ])('takes the bounding box of %s', (_name, points, expected) => {
    expect(rectangleFromBoundingBox(points)).toEqual(expected);
  });

  it('spans a rectangle from two dragged corners in any direction', () => {
    expect(rectangleFromCorners(p(200, 150), p(100, 50))).toEqual([p(100, 50), p(200, 50), p(200, 150), p(100, 150)]);
  });

  it.each<[number, PlanPoint, PlanPoint[]]>([
    [0, p(20, 30), [p(20, 30), p(100, 30), p(100, 100), p(20, 100)]],
    [1, p(120, -10), [p(0, -10), p(120, -10), p(120, 100), p(0, 100)]],
    [2, p(150, 150), [p(0, 0), p(150, 0), p(150, 150), p(0, 150)]],
    [3, p(10, 90), [p(10, 0), p(100, 0), p(100, 90), p(10, 90)]],
    // Dragged across the opposite corner: the dragged handle stays corner 0.
    [0, p(150, 150), [p(150, 150), p(100, 150), p(100, 100), p(150, 100)]],
  ])('moves corner %i of the 100×100 square to %o', (index, to, expected) => {
    const square = [p(0, 0), p(100, 0), p(100, 100), p(0, 100)];
    expect(moveRectangleCorner(square, index, to)).toEqual(expected);
  });

  it('saves a rectangle as the clamped bounding box, corners in order', () => {
    expect(normaliseZonePoints([p(150, 150), p(100, 150), p(100, 100), p(600, 100)], 1, image)).toEqual([
      p(100, 100),
      p(500, 100),
      p(500, 150),
      p(100, 150),
    ]);
  });

  it('saves a polygon clamped and without near-collinear points', () => {
    expect(normaliseZonePoints([p(-20, 0), p(50, 2), p(100, 0), p(100, 100), p(0, 100)], 2, image)).toEqual([
      p(0, 0),
      p(100, 0),
      p(100, 100),
      p(0, 100),
    ]);
  });
});
