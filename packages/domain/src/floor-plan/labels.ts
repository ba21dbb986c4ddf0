/**
 * Smallest on-screen size (CSS pixels) at which a device name is drawn. Names scale with the plan, so
 * a zoomed-out plan hides them instead of drawing unreadable 6 px text; zoom in to read them.
 */
export const MIN_NODE_NAME_SCREEN_PX = 10;

/**
 * Smallest on-screen size of a zone name. Zone names are one per room and drawn larger (16 image
 * pixels by default), so they stay a little longer than device names: a large plan fitted to the
 * window still shows which room is which.
 */
export const MIN_ZONE_NAME_SCREEN_PX = 8;

/** Which kind of name a size rule is for. */
export type PlanLabelKind = 'node' | 'zone';

/**
 * True when a name of `size` image pixels is drawn at `zoom`: its size on screen (size × zoom) is at
 * least {@link MIN_NODE_NAME_SCREEN_PX} for a device name, {@link MIN_ZONE_NAME_SCREEN_PX} for a zone name.
 */
export function isLabelReadable(size: number, zoom: number, kind: PlanLabelKind = 'node'): boolean {
  const floor = kind === 'zone' ? MIN_ZONE_NAME_SCREEN_PX : MIN_NODE_NAME_SCREEN_PX;
  // A hair of tolerance so that 12 px at zoom 0.875 (10.5) or 16 px at 0.5 (8) are not lost to rounding.
  return size * zoom >= floor - 1e-9;
}
