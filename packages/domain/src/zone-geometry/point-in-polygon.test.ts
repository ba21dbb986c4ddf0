import { describe, expect, it } from 'vitest';
import type { PlanPoint } from './point.ts';
import { findZoneAt, isPointInPolygon } from './point-in-polygon.ts';

const p = (x: number, y: number): PlanPoint => ({ x, y });
const square = [p(200, 200), p(300, 200), p(300, 300), p(200, 300)];
// A U shape: the notch between x 40..60 above y 50 is outside.
const u = [p(0, 0), p(40, 0), p(40, 50), p(60, 50), p(60, 0), p(100, 0), p(100, 100), p(0, 100)];

describe('point in polygon (dropping a node onto a zone)', () => {
  it.each<[string, PlanPoint[], PlanPoint, boolean]>([
    ['centre of the square', square, p(250, 250), true],
    ['left of the square', square, p(199, 250), false],
    ['on an edge', square, p(200, 250), true],
    ['on a corner', square, p(300, 300), true],
    ['below the square', square, p(250, 301), false],
    ['in a leg of the U', u, p(20, 20), true],
    ['in the notch of the U', u, p(50, 20), false],
    ['in the base of the U', u, p(50, 80), true],
    ['in a two-point "polygon"', [p(0, 0), p(10, 10)], p(5, 5), false],
  ])('%s', (_name, polygon, point, expected) => {
    expect(isPointInPolygon(point, polygon)).toBe(expected);
  });

  it('finds the zone on top where zones overlap, or none', () => {
    const zones = [
      { id: 1, points: [p(0, 0), p(400, 0), p(400, 400), p(0, 400)] },
      { id: 2, points: square },
    ];
    expect(findZoneAt(p(250, 250), zones)).toBe(2);
    expect(findZoneAt(p(100, 100), zones)).toBe(1);
    expect(findZoneAt(p(450, 450), zones)).toBeNull();
    expect(findZoneAt(p(1, 1), [])).toBeNull();
  });
});
