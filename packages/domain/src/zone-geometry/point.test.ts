import { describe, expect, it } from 'vitest';
import { boundingBoxOf, distanceToLine } from './point.ts';

describe('plane helpers', () => {
  it.each([
    [{ x: 50, y: 4 }, { x: 0, y: 0 }, { x: 100, y: 0 }, 4],
    [{ x: 200, y: 3 }, { x: 0, y: 0 }, { x: 100, y: 0 }, 3],
    [{ x: 3, y: 4 }, { x: 0, y: 0 }, { x: 0, y: 0 }, 5],
    [{ x: 0, y: 10 }, { x: 0, y: 0 }, { x: 10, y: 10 }, Math.SQRT2 * 5],
  ])('distance of %o to the line %o–%o is %f', (point, a, b, expected) => {
    expect(distanceToLine(point, a, b)).toBeCloseTo(expected, 9);
  });

  it('boxes points', () => {
    expect(
      boundingBoxOf([
        { x: 3, y: 9 },
        { x: -1, y: 4 },
      ]),
    ).toEqual({ minX: -1, minY: 4, maxX: 3, maxY: 9 });
    expect(boundingBoxOf([])).toBeNull();
  });
});
