import { ElementType } from '../protocol/element-type.ts';

/** The six kinds of virtual device (section 3): luminaire, motion sensor, light sensor, push button, emergency, panel. */
export const DEVICE_KINDS = ['luminaire', 'motionSensor', 'lightSensor', 'pushButton', 'emergency', 'panel'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** Kinds listed on the sensor page (4-9). */
export const SENSOR_KINDS = ['motionSensor', 'lightSensor'] as const satisfies readonly DeviceKind[];

/** Whether a text is one of the six device kinds. */
export function isDeviceKind(value: string): value is DeviceKind {
  return (DEVICE_KINDS as readonly string[]).includes(value);
}

/** Whether a device of this kind is a sensor (motion or light). */
export function isSensorKind(kind: string): boolean {
  return (SENSOR_KINDS as readonly string[]).includes(kind);
}

const KIND_BY_ELEMENT: Record<number, DeviceKind> = {
  [ElementType.dt6]: 'luminaire',
  [ElementType.dt8]: 'luminaire',
  [ElementType.emergencyOne]: 'emergency',
  [ElementType.emergencyTwo]: 'emergency',
  [ElementType.motionSensor]: 'motionSensor',
  [ElementType.lightSensor]: 'lightSensor',
  [ElementType.pushButton]: 'pushButton',
  [ElementType.panel]: 'panel',
};

/**
 * The kind of a device from its element types: an emergency element makes an emergency device (it
 * usually also has a light element), then the first element decides. Null when no element is known.
 */
export function deviceKindOfElements(types: readonly number[]): DeviceKind | null {
  if (types.some((type) => KIND_BY_ELEMENT[type] === 'emergency')) return 'emergency';
  for (const type of types) {
    const kind = KIND_BY_ELEMENT[type];
    if (kind) return kind;
  }
  return null;
}

/** Name of an element type for display keys (`device:elementType.<name>`); `other` for unknown types. */
export function elementTypeName(type: number): string {
  const entry = Object.entries(ElementType).find(([, value]) => value === type);
  return entry ? entry[0] : 'other';
}
