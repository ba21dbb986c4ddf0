import type { PlanSize } from '../zone-geometry/point.ts';

/**
 * Defaults of the floor plan (sections 3 and 9): image 500×500, zone name size 16, node name size
 * 12. The node icon size is not shown in the spec; 24 image pixels is this console's choice.
 * `startX` 20 and `startY` 180 are the start position the spec lists among the client's session state
 * (sections 3 and 9); what the client places there is not shown.
 */
export const FloorPlanDefaults = {
  imageWidth: 500,
  imageHeight: 500,
  zoneNameSize: 16,
  nodeNameSize: 12,
  nodeIconSize: 24,
  startX: 20,
  startY: 180,
} as const;

/** Section 3: a network's imageSize defaults to 500×500. */
export const DEFAULT_IMAGE_SIZE: Readonly<PlanSize> = Object.freeze({
  width: FloorPlanDefaults.imageWidth,
  height: FloorPlanDefaults.imageHeight,
});

const isPositive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * A network's `imageSize` (section 3: JSON width and height, default 500x500) read from its stored
 * JSON text or an object; anything without a positive width and height gives 500×500.
 */
export function parseImageSize(raw: unknown): PlanSize {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ...DEFAULT_IMAGE_SIZE };
    }
  }
  if (typeof value !== 'object' || value === null) return { ...DEFAULT_IMAGE_SIZE };
  const { width, height } = value as { width?: unknown; height?: unknown };
  return isPositive(width) && isPositive(height) ? { width, height } : { ...DEFAULT_IMAGE_SIZE };
}

/** A zone's name size, 16 when missing or not positive (sections 3 and 9). */
export function zoneNameSizeOrDefault(size: number | null | undefined): number {
  return isPositive(size) ? size : FloorPlanDefaults.zoneNameSize;
}

/** A node's name size, 12 when missing or not positive (sections 3 and 9). */
export function nodeNameSizeOrDefault(size: number | null | undefined): number {
  return isPositive(size) ? size : FloorPlanDefaults.nodeNameSize;
}

/** A node's icon size in image pixels, 24 when missing or not positive (not shown in the spec). */
export function nodeIconSizeOrDefault(size: number | null | undefined): number {
  return isPositive(size) ? size : FloorPlanDefaults.nodeIconSize;
}

/** A zone's configuration profile (section 3): `configId` 0 (or none) becomes `null`. */
export function normaliseConfigId(configId: number | null | undefined): number | null {
  return configId === 0 || configId === undefined || configId === null ? null : configId;
}
