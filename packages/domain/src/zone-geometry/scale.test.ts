import { describe, expect, it } from 'vitest';
import type { PlanPoint, PlanSize } from './point.ts';
import { scalePointsToImage, scalePointToImage } from './scale.ts';

const p = (x: number, y: number): PlanPoint => ({ x, y });
const defaultImage = { width: 500, height: 500 };

describe('points follow a replaced floor-plan image (stored in image pixels of imageSize)', () => {
  it.each<[string, PlanPoint, PlanSize, PlanSize, PlanPoint]>([
    ['500×500 to 4000×3000', p(250, 100), defaultImage, { width: 4000, height: 3000 }, p(2000, 600)],
    ['4000×3000 to 500×500', p(2000, 600), { width: 4000, height: 3000 }, defaultImage, p(250, 100)],
    ['same size', p(123, 45), defaultImage, defaultImage, p(123, 45)],
    ['the far corner', p(500, 500), defaultImage, { width: 800, height: 600 }, p(800, 600)],
    ['a zero-sized old image', p(10, 20), { width: 0, height: 0 }, defaultImage, p(10, 20)],
  ])('%s', (_name, point, from, to, expected) => {
    expect(scalePointToImage(point, from, to)).toEqual(expected);
  });

  it('scales every zone point', () => {
    const square = [p(200, 200), p(300, 200), p(300, 300), p(200, 300)];
    expect(scalePointsToImage(square, defaultImage, { width: 1000, height: 250 })).toEqual([
      p(400, 100),
      p(600, 100),
      p(600, 150),
      p(400, 150),
    ]);
  });
});
