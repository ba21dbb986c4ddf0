import { describe, expect, it } from 'vitest';
import { DEFAULT_ZONE_SIDE, defaultZonePoints } from './default-zone.ts';
import type { PlanPoint } from './point.ts';

const p = (x: number, y: number): PlanPoint => ({ x, y });
const image = { width: 500, height: 500 };

describe('new zone: a 100×100 square clamped into the image (section 3)', () => {
  it('is 100 wide', () => {
    expect(DEFAULT_ZONE_SIDE).toBe(100);
  });

  it.each<[string, PlanPoint, 'centre' | 'topLeft', PlanPoint[]]>([
    ['centred on a point', p(250, 250), 'centre', [p(200, 200), p(300, 200), p(300, 300), p(200, 300)]],
    ['from its top-left corner', p(10, 20), 'topLeft', [p(10, 20), p(110, 20), p(110, 120), p(10, 120)]],
    ['pushed in from the top-left edge', p(20, 30), 'centre', [p(0, 0), p(100, 0), p(100, 100), p(0, 100)]],
    [
      'pushed in from the bottom-right edge',
      p(480, 499),
      'centre',
      [p(400, 400), p(500, 400), p(500, 500), p(400, 500)],
    ],
    [
      'pushed in when its corner is outside',
      p(450, 450),
      'topLeft',
      [p(400, 400), p(500, 400), p(500, 500), p(400, 500)],
    ],
  ])('%s', (_name, at, anchor, expected) => {
    expect(defaultZonePoints(at, image, anchor)).toEqual(expected);
  });

  it('is cut to an image smaller than the square', () => {
    expect(defaultZonePoints(p(30, 20), { width: 60, height: 40 })).toEqual([p(0, 0), p(60, 0), p(60, 40), p(0, 40)]);
  });
});
