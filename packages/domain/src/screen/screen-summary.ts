import { ElementType } from '../protocol/element-type.ts';

const LIGHT_ELEMENTS = new Set<number>([ElementType.dt6, ElementType.dt8]);

/**
 * A device as the lobby dashboard counts it: its zone, whether it answers, its elements' state, and whether
 * the console counts it faulty (`isFaultyDevice`, decided by the server and sent with the device's state).
 */
export interface ScreenDevice {
  zoneId: number | null;
  online: boolean;
  elements: readonly { type: number; onOff: number; status: number }[];
  fault: boolean;
}

/** Whether a device has a light element (DT6 or DT8). */
export function isLuminaireDevice(device: ScreenDevice): boolean {
  return device.elements.some((element) => LIGHT_ELEMENTS.has(element.type));
}

/** Whether a luminaire is lit now: it answers and one of its light elements is on. */
export function isLit(device: ScreenDevice): boolean {
  return device.online && device.elements.some((element) => LIGHT_ELEMENTS.has(element.type) && element.onOff === 1);
}

/** Whether a device counts as faulty: as the server decided it (`isFaultyDevice`), never guessed again here. */
export function hasFault(device: ScreenDevice): boolean {
  return device.fault;
}

/** Counts of a set of devices as the dashboard shows them. */
export interface ScreenCounts {
  luminaires: number;
  lightsOn: number;
  offline: number;
  faults: number;
}

/** Luminaires, lit luminaires, devices offline and devices with a fault among `devices`. */
export function screenCounts(devices: readonly ScreenDevice[]): ScreenCounts {
  const lights = devices.filter(isLuminaireDevice);
  return {
    luminaires: lights.length,
    lightsOn: lights.filter(isLit).length,
    offline: devices.filter((device) => !device.online).length,
    faults: devices.filter(hasFault).length,
  };
}

/** Each zone with the counts of the devices placed in it, in the order given. */
export function zoneCounts<Z extends { id: number; name: string }>(
  zones: readonly Z[],
  devices: readonly ScreenDevice[],
): (Pick<Z, 'id' | 'name'> & ScreenCounts)[] {
  return zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    ...screenCounts(devices.filter((device) => device.zoneId === zone.id)),
  }));
}
