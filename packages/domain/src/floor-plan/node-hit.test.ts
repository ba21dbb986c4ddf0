import { describe, expect, it } from 'vitest';
import { findNodeAt } from './node-hit.ts';

const nodes = [
  { id: 'a', positionX: 100, positionY: 100, iconSize: 24 },
  { id: 'b', positionX: 110, positionY: 100, iconSize: 24 },
  { id: 'c', positionX: 300, positionY: 300, iconSize: 4 },
  { id: 'd', positionX: 400, positionY: 400 },
];

describe('node under a point', () => {
  it.each([
    [{ x: 90, y: 100 }, 0, 'a'],
    [{ x: 105, y: 100 }, 0, 'b'],
    [{ x: 150, y: 150 }, 0, null],
    [{ x: 305, y: 300 }, 0, null],
    [{ x: 305, y: 300 }, 6, 'c'],
    [{ x: 411, y: 400 }, 0, 'd'],
  ])('at %o with a least radius %i is %s', (point, minRadius, expected) => {
    expect(findNodeAt(point, nodes, minRadius)).toBe(expected);
  });
});
