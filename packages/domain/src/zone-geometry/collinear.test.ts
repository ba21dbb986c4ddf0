import { describe, expect, it } from 'vitest';
import { COLLINEAR_TOLERANCE, removeNearCollinearPoints } from './collinear.ts';
import type { PlanPoint } from './point.ts';

const p = (x: number, y: number): PlanPoint => ({ x, y });
const square = [p(0, 0), p(100, 0), p(100, 100), p(0, 100)];

describe('near-collinear points removed (section 5: distance under 4, at least 4 points)', () => {
  it('uses the tolerance 4', () => {
    expect(COLLINEAR_TOLERANCE).toBe(4);
  });

  it.each<[string, PlanPoint[], PlanPoint[]]>([
    ['keeps a square', square, square],
    ['drops a point exactly on an edge', [p(0, 0), p(50, 0), p(100, 0), p(100, 100), p(0, 100)], square],
    ['drops a point 3.9 off an edge', [p(0, 0), p(50, 3.9), p(100, 0), p(100, 100), p(0, 100)], square],
    [
      'keeps a point exactly 4 off an edge',
      [p(0, 0), p(50, 4), p(100, 0), p(100, 100), p(0, 100)],
      [p(0, 0), p(50, 4), p(100, 0), p(100, 100), p(0, 100)],
    ],
    [
      'keeps a point 10 off an edge',
      [p(0, 0), p(50, -10), p(100, 0), p(100, 100), p(0, 100)],
      [p(0, 0), p(50, -10), p(100, 0), p(100, 100), p(0, 100)],
    ],
    ['drops a duplicate point', [p(0, 0), p(100, 0), p(100, 0), p(100, 100), p(0, 100)], square],
    [
      'drops a straight first point (neighbours wrap around)',
      [p(0, 50), p(0, 0), p(100, 0), p(100, 100), p(0, 100)],
      [p(0, 0), p(100, 0), p(100, 100), p(0, 100)],
    ],
    [
      'drops several points of a straight run',
      [p(0, 0), p(25, 1), p(50, 0), p(75, 1), p(100, 0), p(100, 100), p(0, 100)],
      square,
    ],
  ])('%s', (_name, points, expected) => {
    expect(removeNearCollinearPoints(points)).toEqual(expected);
  });

  it('never goes below 3 points: a flat triangle stays', () => {
    const flat = [p(0, 0), p(50, 1), p(100, 0)];
    expect(removeNearCollinearPoints(flat)).toEqual(flat);
  });

  it('stops at 3 points when all of 4 are nearly on one line', () => {
    expect(removeNearCollinearPoints([p(0, 0), p(30, 1), p(60, 0), p(100, 1)])).toHaveLength(3);
  });

  it('does not change its input', () => {
    const points = [p(0, 0), p(50, 0), p(100, 0), p(100, 100), p(0, 100)];
    removeNearCollinearPoints(points);
    expect(points).toHaveLength(5);
  });

  it('takes another tolerance', () => {
    const points = [p(0, 0), p(50, 6), p(100, 0), p(100, 100), p(0, 100)];
    expect(removeNearCollinearPoints(points, 10)).toEqual(square);
  });
});
