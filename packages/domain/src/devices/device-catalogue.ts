import { ElementType, type ElementTypeValue } from '../protocol/element-type.ts';
import type { DEVICE_KINDS } from './device-kinds.ts';

/**
 * Kinds of mesh hardware a product can be, shared by the console's catalogue and the simulator. `dt6`
 * dimmable, `dt8` colour-tuning (cct) and `d4i` (a DT6 driver with the D4i bank) luminaires;
 * `emergencyOne` / `emergencyTwo` emergency fittings (element types 6 and 11); sensors, push buttons and
 * Bluetooth panels.
 */
export const HARDWARE_KINDS = [
  'dt6',
  'dt8',
  'd4i',
  'motionSensor',
  'lightSensor',
  'pushButton',
  'panel',
  'emergencyOne',
  'emergencyTwo',
] as const;
export type HardwareKind = (typeof HARDWARE_KINDS)[number];

/** The product catalogue kind (one of the six virtual kinds of section 3) of a hardware kind. */
export const PRODUCT_KIND = {
  dt6: 'luminaire',
  dt8: 'luminaire',
  d4i: 'luminaire',
  motionSensor: 'motionSensor',
  lightSensor: 'lightSensor',
  pushButton: 'pushButton',
  panel: 'panel',
  emergencyOne: 'emergency',
  emergencyTwo: 'emergency',
} as const satisfies Record<HardwareKind, (typeof DEVICE_KINDS)[number]>;

/** One element of a hardware kind's layout. */
export interface ElementLayout {
  type: ElementTypeValue;
  isD4i?: boolean;
}

/** The element layout of a hardware kind (what a product sub-version's config lists). */
export function elementLayout(kind: HardwareKind): ElementLayout[] {
  switch (kind) {
    case 'dt6':
      return [{ type: ElementType.dt6 }];
    case 'dt8':
      return [{ type: ElementType.dt8 }];
    case 'd4i':
      return [{ type: ElementType.dt6, isD4i: true }];
    case 'motionSensor':
      return [{ type: ElementType.motionSensor }];
    case 'lightSensor':
      return [{ type: ElementType.lightSensor }];
    case 'pushButton':
      return [{ type: ElementType.pushButton }];
    case 'panel':
      return [{ type: ElementType.panel }];
    case 'emergencyOne':
      return [{ type: ElementType.emergencyOne }];
    case 'emergencyTwo':
      return [{ type: ElementType.emergencyTwo }];
  }
}
