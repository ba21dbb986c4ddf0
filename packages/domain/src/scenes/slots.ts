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
