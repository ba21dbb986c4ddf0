import { describe, expect, it } from 'vitest';
import { drawPlanImage, imageLevelFor, levelSizes, type PlanImage, tileRects } from './plan-image';

describe('floor-plan picture levels and tiles', () => {
  it.each([
    [3, 4, 0],
    [1, 4, 0],
    [0.875, 4, 0],
    [0.5, 4, 1],
    [0.375, 4, 1],
    [0.25, 4, 2],
    [0.125, 4, 3],
    [0.125, 2, 1],
    [0.125, 1, 0],
  ])('zoom %f with %i levels draws level %i', (zoom, count, level) => {
    expect(imageLevelFor(zoom, count)).toBe(level);
  });

  it('halves a 4000×3000 picture down to a shorter side of at least 256', () => {
    expect(levelSizes(4000, 3000)).toEqual([
      { width: 4000, height: 3000 },
      { width: 2000, height: 1500 },
      { width: 1000, height: 750 },
      { width: 500, height: 375 },
    ]);
    expect(levelSizes(500, 500)).toEqual([{ width: 500, height: 500 }]);
  });

  it('cuts tiles of 1024 overlapping by one pixel', () => {
    expect(tileRects({ width: 2000, height: 1500 })).toEqual([
      { x: 0, y: 0, width: 1025, height: 1025 },
      { x: 1024, y: 0, width: 976, height: 1025 },
      { x: 0, y: 1024, width: 1025, height: 476 },
      { x: 1024, y: 1024, width: 976, height: 476 },
    ]);
  });

  it('draws only the tiles in view, stretched to imageSize', () => {
    const drawn: number[][] = [];
    const ctx = {
      drawImage: (_bitmap: unknown, x: number, y: number, w: number, h: number) => drawn.push([x, y, w, h]),
    } as unknown as CanvasRenderingContext2D;
    const bitmap = {} as CanvasImageSource;
    const image: PlanImage = [
      { width: 2000, height: 1500, tiles: tileRects({ width: 2000, height: 1500 }).map((r) => ({ ...r, bitmap })) },
    ];
    drawPlanImage(ctx, image, { width: 4000, height: 3000 }, 1, { minX: 0, minY: 0, maxX: 1000, maxY: 1000 });
    expect(drawn).toEqual([[0, 0, 2050, 2050]]);
  });
});
