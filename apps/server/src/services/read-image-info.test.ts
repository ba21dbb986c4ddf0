import { describe, expect, it } from 'vitest';
import { buildBmp, buildJpeg, buildPng } from '../../test/support/images.ts';
import { readImageInfo } from './read-image-info.ts';

describe('image type and size read from the content (section 5)', () => {
  it('reads PNG, JPEG and BMP headers', () => {
    expect(readImageInfo(buildPng(640, 480))).toEqual({ mime: 'image/png', extension: 'png', width: 640, height: 480 });
    expect(readImageInfo(buildJpeg(1024, 768))).toEqual({
      mime: 'image/jpeg',
      extension: 'jpg',
      width: 1024,
      height: 768,
    });
    expect(readImageInfo(buildBmp(30, 20))).toEqual({ mime: 'image/bmp', extension: 'bmp', width: 30, height: 20 });
  });

  it('reads a top-down BMP (negative height) and a JPEG with fill bytes before its frame', () => {
    const topDown = buildBmp(8, 6);
    topDown.writeInt32LE(-6, 22);
    expect(readImageInfo(topDown)).toMatchObject({ width: 8, height: 6 });
    const jpeg = buildJpeg(16, 16);
    const filled = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xff]), jpeg.subarray(2)]);
    expect(readImageInfo(filled)).toMatchObject({ width: 16, height: 16 });
  });

  it('refuses other types, cut headers and sizes of zero', () => {
    for (const data of [
      Buffer.from('not an image'),
      Buffer.from('GIF89a', 'latin1'),
      buildPng(4, 4).subarray(0, 16),
      buildJpeg(8, 8).subarray(0, 30),
      buildPng(4, 4).subarray(0, 40),
      buildJpeg(8, 8).subarray(0, buildJpeg(8, 8).length - 2),
      buildBmp(4, 4).subarray(0, 20),
      buildPng(0, 4),
      buildBmp(0, 4),
    ]) {
      expect(readImageInfo(data)).toBeNull();
    }
  });
});
