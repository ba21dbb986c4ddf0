import { describe, expect, it } from 'vitest';
import { pictureOf } from './use-plan-image';

const link = (fileName: string, exp: number) =>
  `/SigMesh/file/download?fileName=${fileName}&uid=7&exp=${exp}&sig=${'s'.repeat(43)}`;

describe('the picture an address shows', () => {
  it('is the same for two links of one file and differs for another file', () => {
    expect(pictureOf(link('plan-a.png', 1))).toBe(pictureOf(link('plan-a.png', 2)));
    expect(pictureOf(link('plan-a.png', 1))).not.toBe(pictureOf(link('plan-b.png', 1)));
  });

  it('is the address itself when it names no file', () => {
    expect(pictureOf('blob:http://localhost/1')).toBe('blob:http://localhost/1');
    expect(pictureOf('/plan.png')).toBe('/plan.png');
  });
});
