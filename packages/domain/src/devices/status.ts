/** Light element status (section 4): 1 lamp fault, 2 driver fault, 3 both, else normal. */
export type LightHealth = 'normal' | 'lampFault' | 'driverFault' | 'lampAndDriverFault';

/** D4i data counts only while the bank is fresher than this (section 9: light freshness 24 h). */
export const D4I_FRESH_SECONDS = 86_400;

/**
 * Section 4 light status. For a D4i light the status counts only if its bank's updateTime is under
 * 86400 s old; an older bank reads as normal (unknown is not a fault). Times in epoch seconds.
 */
export function lightHealth(
  light: { status: number; isD4i: boolean; bankUpdateTime?: number | null },
  nowSeconds: number,
): LightHealth {
  if (light.isD4i && (light.bankUpdateTime == null || nowSeconds - light.bankUpdateTime >= D4I_FRESH_SECONDS)) {
    return 'normal';
  }
  return (['normal', 'lampFault', 'driverFault', 'lampAndDriverFault'] as const)[light.status] ?? 'normal';
}

/** Node status (section 4): 0 offline or unknown (flag 3), 1 fault, 2 second fault state (flag 2). */
export function nodeStatusFlag(status: number): 0 | 2 | 3 {
  if (status === 0) return 3;
  if (status === 2) return 2;
  return 0;
}

/**
 * Section 4: a node's flag is raised when any of its light or emergency elements reports a problem.
 */
export function nodeHasProblem(elements: readonly { problem: boolean }[]): boolean {
  return elements.some((element) => element.problem);
}

/**
 * The external power cut a device reports with its `externalPowerCut` status flag lasted longer than this
 * (section 9, the self-test fault threshold: over 5 s).
 */
export const EXTERNAL_POWER_CUT_SECONDS = 5;

/** Device status flags of section 3, bit by bit (DALI status byte order). */
export const DEVICE_STATUS_FLAGS = [
  'controlGearFault',
  'lampFault',
  'lampOn',
  'brightnessOutOfRange',
  'fading',
  'resetState',
  'noShortAddress',
  'externalPowerCut',
] as const;

/** The flags set in a device status byte; 255 (all bits) is the "invalid value" of section 3. */
export function deviceStatusFlags(byte: number): (typeof DEVICE_STATUS_FLAGS)[number][] | ['invalidValue'] {
  if (byte === 255) return ['invalidValue'];
  return DEVICE_STATUS_FLAGS.filter((_, bit) => (byte & (1 << bit)) !== 0);
}
