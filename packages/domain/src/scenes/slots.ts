/** A luminaire holds at most 16 scenes, in its scene slots 0-15 (section 3, issue 5). */
export const SCENE_SLOTS = 16;

/** Outcome of `allocateSceneSlots`. */
export type SlotAllocation = { ok: true; slots: Map<number, number> } | { ok: false; full: number[] };

/**
 * Gives each device the lowest scene slot it does not use yet. `used` maps a device id to the slots its
 * other scenes occupy. When any device has no free slot, nothing is allocated and the full devices are
 * named, so a caller saves all or nothing.
 */
export function allocateSceneSlots(used: ReadonlyMap<number, readonly number[]>): SlotAllocation {
  const slots = new Map<number, number>();
  const full: number[] = [];
  for (const [deviceId, taken] of used) {
    const occupied = new Set(taken);
    let slot = 0;
    while (slot < SCENE_SLOTS && occupied.has(slot)) slot += 1;
    if (slot === SCENE_SLOTS) full.push(deviceId);
    else slots.set(deviceId, slot);
  }
  return full.length > 0 ? { ok: false, full: full.sort((a, b) => a - b) } : { ok: true, slots };
}

/** A device's membership of one scene, in one of its slots. */
export interface SceneSlot {
  sceneId: number;
  slot: number;
}

/** Outcome of `mergeSceneSlots`. */
export type SlotMerge =
  | { ok: true; moves: { sceneId: number; from: number; to: number }[] }
  | { ok: false; scenes: number };

/**
 * Binding a virtual device to a real one makes them one luminaire with one set of 16 scene slots. The
 * real device keeps its slots; each scene of the virtual device whose slot the real one already uses
 * moves to the lowest slot free on both (a scene both are in counts once and stays). When together they
 * are in more than 16 scenes the binding cannot be made, and the number of scenes is answered.
 */
export function mergeSceneSlots(real: readonly SceneSlot[], virtual: readonly SceneSlot[]): SlotMerge {
  const realScenes = new Set(real.map((s) => s.sceneId));
  const own = virtual.filter((s) => !realScenes.has(s.sceneId));
  const scenes = realScenes.size + own.length;
  if (scenes > SCENE_SLOTS) return { ok: false, scenes };
  const taken = new Set([...real.map((s) => s.slot), ...own.map((s) => s.slot)]);
  const realSlots = new Set(real.map((s) => s.slot));
  const moves: { sceneId: number; from: number; to: number }[] = [];
  for (const scene of [...own].sort((a, b) => a.slot - b.slot || a.sceneId - b.sceneId)) {
    if (!realSlots.has(scene.slot)) continue;
    let to = 0;
    while (taken.has(to)) to += 1;
    taken.add(to);
    moves.push({ sceneId: scene.sceneId, from: scene.slot, to });
  }
  return { ok: true, moves };
}
