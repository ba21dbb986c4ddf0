// Element types without their zod schema (messages.ts): the web app's plan and device views read them
// without loading zod.

/**
 * Element types of a mesh device. 1 DT6 dimmable luminaire, 8 DT8 colour-tuning luminaire, 6 and 11 the
 * two emergency kinds (section 4: emergency type 1 ↔ element type 6, 2 ↔ 11), 20 motion sensor, 21 light
 * sensor, 22 push button, 23 Bluetooth panel.
 */
export const ElementType = {
  dt6: 1,
  dt8: 8,
  emergencyOne: 6,
  emergencyTwo: 11,
  motionSensor: 20,
  lightSensor: 21,
  pushButton: 22,
  panel: 23,
} as const;
export type ElementTypeValue = (typeof ElementType)[keyof typeof ElementType];

/** Whether an element type is a luminaire that can be switched and dimmed. */
export const isLightElement = (type: number) => type === ElementType.dt6 || type === ElementType.dt8;
/** Whether an element type is an emergency fitting (section 4). */
export const isEmergencyElement = (type: number) =>
  type === ElementType.emergencyOne || type === ElementType.emergencyTwo;
