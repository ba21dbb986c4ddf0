import { Limits } from '../limits.ts';

/** Screen width class of section 2: 1 for narrow screens, 2 otherwise. */
export type ScreenLevel = 1 | 2;

/** Screen width class (section 2): 1 at 768 px or less, otherwise 2. */
export function screenLevel(widthPx: number): ScreenLevel {
  return widthPx <= Limits.breakpointPx ? 1 : 2;
}
