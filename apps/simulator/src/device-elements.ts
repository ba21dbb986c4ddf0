import {
  ElementType,
  type ElementTypeValue,
  elementLayout,
  isEmergencyElement,
  isLightElement,
} from '@lightwell/domain';
import type { z } from 'zod';
import type { SimDeviceSpecSchema } from './device-spec.ts';

interface Fade {
  fromLightness: number;
  toLightness: number;
  fromCct: number;
  toCct: number;
  startedAt: number;
  durationMs: number;
}

/** Runtime state of one element. */
export interface SimElement {
  index: number;
  type: ElementTypeValue;
  isD4i: boolean;
  onOff: 0 | 1;
  lightness: number;
  cct: number;
  /** Level to return to when switched on without a level. */
  lastLevel: number;
  lampFault: boolean;
  driverFault: boolean;
  fade: Fade | null;
  triggeredAt: number | null;
  lux: number | null;
  mode: number | null;
  faultBits: number | null;
  bankAt: number | null;
  /** Seconds this element was on since the last consumption report, and energy in Wh. */
  onSeconds: number;
  energyWh: number;
  operatingSeconds: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The elements of a device as its kind lays them out (`elementLayout`), in their start state. */
export function createElements(spec: z.output<typeof SimDeviceSpecSchema>): SimElement[] {
  const now = nowSeconds();
  return elementLayout(spec.kind).map((layout, index) => {
    const light = isLightElement(layout.type);
    const on = light ? spec.onOff : 0;
    return {
      index,
      type: layout.type,
      isD4i: layout.isD4i ?? false,
      onOff: on,
      lightness: light && on ? spec.lightness : 0,
      cct: spec.cct,
      lastLevel: spec.lightness || 100,
      lampFault: false,
      driverFault: false,
      fade: null,
      triggeredAt: layout.type === ElementType.motionSensor ? now - 600 : null,
      lux: layout.type === ElementType.lightSensor ? 320 : null,
      mode: isEmergencyElement(layout.type) ? 0 : null,
      faultBits: isEmergencyElement(layout.type) ? 0 : null,
      bankAt: layout.isD4i ? now : null,
      onSeconds: 0,
      energyWh: 0,
      operatingSeconds: 3_600 * 1_200,
    };
  });
}

/** Sets a light element's level, on/off and colour temperature, at once or as a fade starting `now`. */
export function setLight(
  element: SimElement,
  wanted: { onOff?: 0 | 1 | undefined; lightness?: number | undefined; cct?: number | undefined },
  fadeMs: number,
  now: number,
): void {
  let level = element.fade ? element.fade.toLightness : element.onOff ? element.lightness : 0;
  let cct = element.fade ? element.fade.toCct : element.cct;
  if (wanted.lightness !== undefined) {
    level = wanted.lightness;
    if (wanted.onOff === 0) level = 0;
  } else if (wanted.onOff === 1) {
    level = level > 0 ? level : element.lastLevel;
  } else if (wanted.onOff === 0) {
    level = 0;
  }
  if (wanted.cct !== undefined && element.type === ElementType.dt8) cct = clamp(wanted.cct, 2700, 6500);
  if (level > 0) element.lastLevel = level;
  const from = element.onOff ? element.lightness : 0;
  if (fadeMs > 0 && (from !== level || element.cct !== cct)) {
    element.fade = {
      fromLightness: from,
      toLightness: level,
      fromCct: element.cct,
      toCct: cct,
      startedAt: now,
      durationMs: fadeMs,
    };
    element.onOff = 1;
    return;
  }
  element.fade = null;
  element.lightness = level;
  element.onOff = level > 0 ? 1 : 0;
  element.cct = cct;
}

/** Advances an element's fade to `now`; answers whether it had one. */
export function advanceFade(element: SimElement, now: number): boolean {
  const fade = element.fade;
  if (!fade) return false;
  const progress = clamp((now - fade.startedAt) / fade.durationMs, 0, 1);
  element.lightness = Math.round((fade.fromLightness + (fade.toLightness - fade.fromLightness) * progress) * 10) / 10;
  element.cct = Math.round(fade.fromCct + (fade.toCct - fade.fromCct) * progress);
  element.onOff = element.lightness > 0 || progress < 1 ? 1 : 0;
  if (progress >= 1) {
    element.fade = null;
    element.onOff = fade.toLightness > 0 ? 1 : 0;
  }
  return true;
}

/** Section 3 device status flags byte of a light element. */
export function statusFlags(element: SimElement): number {
  let byte = 0;
  if (element.driverFault) byte |= 1;
  if (element.lampFault) byte |= 2;
  if (element.onOff && element.lightness > 0) byte |= 4;
  if (element.fade) byte |= 16;
  return byte;
}

/**
 * Raw D4i bank values consistent with section 9 scaling (power factor /100, voltages /10, current
 * /1000, temperatures −60, rated life ×1000, rated starts ×100) for the element's current level
 * (`ratedPower` in watts gives the active power).
 */
export function d4iBank(element: SimElement, ratedPower: number) {
  const level = element.onOff ? element.lightness / 100 : 0;
  return {
    gearPowerFactor: level > 0 ? 95 : 50,
    gearExternalVoltage: 2300,
    gearTemperature: Math.round(60 + 25 + 15 * level),
    lightSourceVoltage: level > 0 ? Math.round(380 + 100 * level) : 0,
    lightSourceCurrent: Math.round(700 * level),
    lightSourceTemperature: Math.round(60 + 25 + 30 * level),
    ratedLifeOfLuminaire: 50,
    gearReferenceTemperature: 85,
    ratedLightSourceStarts: 500,
    activePowerValue: Math.round(ratedPower * level * 10) / 10,
    gearOperatingTime: Math.round(element.operatingSeconds),
    typeArray: [49, 50, 51, 52],
  };
}
