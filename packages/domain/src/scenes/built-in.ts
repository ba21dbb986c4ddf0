import type { CommandAction } from '../protocol/messages.ts';

/** The three built-in scenes of every network (issue 5): 1 all off, 2 all 50 %, 3 all on. */
export const BUILT_IN_SCENES = [
  { builtIn: 1, number: 1, nameKey: 'allOff', onOff: 0, lightness: 0 },
  { builtIn: 2, number: 2, nameKey: 'allHalf', onOff: 1, lightness: 50 },
  { builtIn: 3, number: 3, nameKey: 'allOn', onOff: 1, lightness: 100 },
] as const;

/** Scene numbers 1-3 belong to the built-in scenes; the scenes users add are numbered from here. */
export const FIRST_SCENE_NUMBER = 4;

/** English names the built-in scenes are stored with (the web shows them translated by `builtIn`). */
export const BUILT_IN_SCENE_NAMES: Record<number, string> = { 1: 'All off', 2: 'All 50 %', 3: 'All on' };

/**
 * What recalling a built-in scene asks of every luminaire of the network: built-in scenes occupy no
 * scene slot, so they are sent as a plain light command. Null for a scene that is not built in.
 */
export function builtInSceneAction(builtIn: number | null, fadeMs = 0): CommandAction | null {
  const scene = BUILT_IN_SCENES.find((s) => s.builtIn === builtIn);
  if (!scene) return null;
  return scene.onOff === 0
    ? { op: 'light', onOff: 0, fadeMs }
    : { op: 'light', onOff: 1, lightness: scene.lightness, fadeMs };
}

/** The next free scene number of a network from the numbers it uses (never below 4). */
export function nextSceneNumber(used: readonly number[]): number {
  let next = FIRST_SCENE_NUMBER;
  for (const number of [...used].sort((a, b) => a - b)) if (number === next) next += 1;
  return next;
}
