import { ImageUpload } from '@lightwell/domain';
import { describe, expect, it } from 'vitest';
import { checkFloorPlanImage } from './upload-check';

describe('floor-plan image check before upload (section 5)', () => {
  it('accepts JPG, JPEG, PNG and BMP up to 3 MB', () => {
    expect(checkFloorPlanImage({ name: 'a.JPG', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(checkFloorPlanImage({ name: 'a.jpeg', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(checkFloorPlanImage({ name: 'a.png', size: ImageUpload.maxBytes, type: 'image/png' })).toBeNull();
    expect(checkFloorPlanImage({ name: 'a.bmp', size: 10, type: 'image/bmp' })).toBeNull();
    expect(checkFloorPlanImage({ name: 'a.bmp', size: 10, type: '' })).toBeNull();
  });

  it('refuses other types by name or declared type', () => {
    expect(checkFloorPlanImage({ name: 'a.gif', size: 10, type: 'image/gif' })).toBe('type');
    expect(checkFloorPlanImage({ name: 'a.png', size: 10, type: 'application/pdf' })).toBe('type');
    expect(checkFloorPlanImage({ name: 'png', size: 10, type: 'image/png' })).toBe('type');
  });

  it('refuses images over 3 MB', () => {
    expect(checkFloorPlanImage({ name: 'a.png', size: ImageUpload.maxBytes + 1, type: 'image/png' })).toBe('size');
  });
});
