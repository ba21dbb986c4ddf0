import { describe, expect, it } from 'vitest';
import { fileToBase64, iconFileRefusal } from './icon-file';

describe('device icon files (section 5: 32×32)', () => {
  it.each([
    ['image/png', 32, 32, null],
    ['image/jpeg', 32, 32, null],
    ['image/bmp', 32, 32, null],
    ['image/png', 64, 64, 'size'],
    ['image/png', 32, 31, 'size'],
    ['image/gif', 32, 32, 'type'],
  ] as const)('%s %i×%i → %s', (type, width, height, refusal) => {
    expect(iconFileRefusal(type, width, height)).toBe(refusal);
  });

  it('encodes the bytes as base64', async () => {
    expect(await fileToBase64(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])]))).toBe('iVBORw==');
  });
});
