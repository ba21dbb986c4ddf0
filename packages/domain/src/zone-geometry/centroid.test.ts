import { describe, expect, it } from 'vitest';
import { polygonArea, polygonCentroid } from './centroid.ts';
import type { PlanPoint } from './point.ts';

const p = (x: number, y: number): PlanPoint => ({ x, y });

describe('polygon centroid (default zone name position, section 3)', () => {
  it.each<[string, PlanPoint[], PlanPoint | null]>([
    ['the default 100×100 square', [p(200, 200), p(300, 200), p(300, 300), p(200, 300)], p(250, 250)],
    ['the same square counter-clockwise', [p(200, 200), p(200, 300), p(300, 300), p(300, 200)], p(250, 250)],
    ['a triangle', [p(0, 0), p(90, 0), p(0, 90)], p(30, 30)],
    // An L of a 100×50 bar on top of a 50×50 block: area-weighted, not the mean of the corners.
    ['an L shape', [p(0, 0), p(100, 0), p(100, 50), p(50, 50), p(50, 100), p(0, 100)], p(125 / 3, 125 / 3)],
    ['points on a line', [p(0, 0), p(10, 0), p(20, 0)], p(10, 0)],
    ['one point', [p(7, 8)], p(7, 8)],
    ['no points', [], null],
  ])('of %s', (_name, points, expected) => {
    const centroid = polygonCentroid(points);
    if (expected === null) expect(centroid).toBeNull();
    else {
      expect(centroid?.x).toBeCloseTo(expected.x, 9);
      expect(centroid?.y).toBeCloseTo(expected.y, 9);
    }
  });

  it('measures the area with its orientation', () => {
    expect(polygonArea([p(0, 0), p(100, 0), p(100, 100), p(0, 100)])).toBe(10_000);
    expect(polygonArea([p(0, 0), p(0, 100), p(100, 100), p(100, 0)])).toBe(-10_000);
  });
});
