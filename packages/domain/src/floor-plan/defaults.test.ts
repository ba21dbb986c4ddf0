import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE_SIZE,
  FloorPlanDefaults,
  nodeIconSizeOrDefault,
  nodeNameSizeOrDefault,
  normaliseConfigId,
  parseImageSize,
  zoneNameSizeOrDefault,
} from './defaults.ts';

describe('floor-plan defaults (sections 3 and 9)', () => {
  it('has image 500×500, zone name size 16, node name size 12', () => {
    expect(DEFAULT_IMAGE_SIZE).toEqual({ width: 500, height: 500 });
    expect(FloorPlanDefaults.zoneNameSize).toBe(16);
    expect(FloorPlanDefaults.nodeNameSize).toBe(12);
  });

  it.each<[unknown, { width: number; height: number }]>([
    ['{"width":4000,"height":3000}', { width: 4000, height: 3000 }],
    [
      { width: 800, height: 600 },
      { width: 800, height: 600 },
    ],
    [undefined, { width: 500, height: 500 }],
    [null, { width: 500, height: 500 }],
    ['', { width: 500, height: 500 }],
    ['not json', { width: 500, height: 500 }],
    ['{"width":0,"height":300}', { width: 500, height: 500 }],
    ['{"width":"800","height":600}', { width: 500, height: 500 }],
    [42, { width: 500, height: 500 }],
  ])('reads imageSize %o as %o', (raw, expected) => {
    expect(parseImageSize(raw)).toEqual(expected);
  });

  it.each([
    [undefined, 16, 12, 24],
    [null, 16, 12, 24],
    [0, 16, 12, 24],
    [-3, 16, 12, 24],
    [20, 20, 20, 20],
  ])('size %o gives zone name %i, node name %i, icon %i', (size, zoneName, nodeName, icon) => {
    expect(zoneNameSizeOrDefault(size)).toBe(zoneName);
    expect(nodeNameSizeOrDefault(size)).toBe(nodeName);
    expect(nodeIconSizeOrDefault(size)).toBe(icon);
  });

  it.each([
    [0, null],
    [null, null],
    [undefined, null],
    [7, 7],
  ])('configId %o becomes %o', (configId, expected) => {
    expect(normaliseConfigId(configId)).toBe(expected);
  });
});
