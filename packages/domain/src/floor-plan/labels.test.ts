import { describe, expect, it } from 'vitest';
import { isLabelReadable, MIN_NODE_NAME_SCREEN_PX, MIN_ZONE_NAME_SCREEN_PX } from './labels.ts';

describe('names hide below a readable size instead of shrinking', () => {
  it('draws a 12 px device name from 10 px on screen, not at 6 px', () => {
    expect(MIN_NODE_NAME_SCREEN_PX).toBe(10);
    expect(isLabelReadable(12, 1)).toBe(true);
    expect(isLabelReadable(12, 0.875)).toBe(true); // 10.5 px
    expect(isLabelReadable(12, 0.75)).toBe(false); // 9 px
    expect(isLabelReadable(12, 0.5)).toBe(false); // 6 px, what the plan used to draw
  });

  it('is exactly at the floor', () => {
    expect(isLabelReadable(20, 0.5)).toBe(true);
    expect(isLabelReadable(19.9, 0.5)).toBe(false);
  });

  it('keeps zone names down to 8 px, so a fitted plan still names its rooms', () => {
    expect(MIN_ZONE_NAME_SCREEN_PX).toBe(8);
    expect(isLabelReadable(16, 0.5, 'zone')).toBe(true);
    expect(isLabelReadable(16, 0.375, 'zone')).toBe(false);
    expect(isLabelReadable(16, 0.5, 'node')).toBe(false);
  });
});
