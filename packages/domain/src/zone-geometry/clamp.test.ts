import { describe, expect, it } from 'vitest';
import { clampPointsToImage, clampPointToImage } from './clamp.ts';

const image = { width: 500, height: 500 };

describe('zone points clamped to image bounds (section 5)', () => {
  it.each([
    [
      { x: 250, y: 250 },
      { x: 250, y: 250 },
    ],
    [
      { x: -10, y: 20 },
      { x: 0, y: 20 },
    ],
    [
      { x: 520, y: 20 },
      { x: 500, y: 20 },
    ],
    [
      { x: 20, y: -0.5 },
      { x: 20, y: 0 },
    ],
    [
      { x: 20, y: 501 },
      { x: 20, y: 500 },
    ],
    [
      { x: -1, y: 900 },
      { x: 0, y: 500 },
    ],
    [
      { x: 0, y: 500 },
      { x: 0, y: 500 },
    ],
  ])('%o → %o on a 500×500 image', (point, expected) => {
    expect(clampPointToImage(point, image)).toEqual(expected);
  });

  it('clamps x and y to the width and height of a non-square image', () => {
    expect(clampPointToImage({ x: 5000, y: 5000 }, { width: 4000, height: 3000 })).toEqual({ x: 4000, y: 3000 });
  });

  it('clamps every point and keeps their order', () => {
    expect(
      clampPointsToImage(
        [
          { x: -5, y: -5 },
          { x: 600, y: 100 },
          { x: 100, y: 100 },
        ],
        image,
      ),
    ).toEqual([
      { x: 0, y: 0 },
      { x: 500, y: 100 },
      { x: 100, y: 100 },
    ]);
  });
});
