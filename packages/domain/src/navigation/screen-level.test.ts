import { describe, expect, it } from 'vitest';
import { screenLevel } from './screen-level.ts';

describe('screen width class (section 2: 1 at 768 px or less)', () => {
  it.each([
    [320, 1],
    [768, 1],
    [769, 2],
    [1920, 2],
  ])('%i px is class %i', (width, level) => {
    expect(screenLevel(width)).toBe(level);
  });
});
