import { ElementType } from '../protocol/element-type.ts';
import {
  EMERGENCY_MODES,
  EmergencyLimits,
  type EmergencyModeName,
  type EmergencyType,
  FAILURE_BITS,
  FAILURE_NAMES,
  type FailureName,
  STATUS_BIT_NAMES,
  STATUS_BITS,
  type StatusBitName,
  type TestKind,
} from './types.ts';

/**
 * Emergency type of a device from its element types (section 4): 1 when it has an element of type 6,
 * 2 when it has one of type 11, 0 none.
 */
export function emergencyTypeOf(elementTypes: readonly number[]): EmergencyType {
  if (elementTypes.includes(ElementType.emergencyOne)) return 1;
  if (elementTypes.includes(ElementType.emergencyTwo)) return 2;
  return 0;
}

/** Name of a mode code 0-10 (section 4), or null for a code outside it. */
export function modeName(code: number): EmergencyModeName | null {
  return Number.isInteger(code) ? (EMERGENCY_MODES[code] ?? null) : null;
}

/** The test a mode code belongs to: codes 5-10, odd the monthly function test, even the yearly duration test. */
export function modeTestKind(code: number): TestKind | null {
  if (!Number.isInteger(code) || code < 5 || code > 10) return null;
  return code % 2 === 1 ? 'function' : 'duration';
}

/** Whether a mode code is a test running, a test pending, or a test pending past its maximum delay. */
export function modeTestState(code: number): 'running' | 'pending' | 'delayExceeded' | null {
  if (code === 5 || code === 6) return 'running';
  if (code === 7 || code === 8) return 'pending';
  if (code === 9 || code === 10) return 'delayExceeded';
  return null;
}

/** Mode code of a test in a state: the inverse of `modeTestKind` and `modeTestState`. */
export function testModeCode(kind: TestKind, state: 'running' | 'pending' | 'delayExceeded'): number {
  const base = { running: 5, pending: 7, delayExceeded: 9 }[state];
  return kind === 'function' ? base : base + 1;
}

/** Set failure bits by name, lowest bit first (section 4 fault bit codes 1…128; 0 normal → []). */
export function failureNames(bits: number): FailureName[] {
  return FAILURE_NAMES.filter((name) => (bits & FAILURE_BITS[name]) !== 0);
}

/** Set emergency status bits by name, lowest bit first. */
export function statusNames(bits: number): StatusBitName[] {
  return STATUS_BIT_NAMES.filter((name) => (bits & STATUS_BITS[name]) !== 0);
}

/** The byte of a list of failure names. */
export function failureBitsOf(names: readonly FailureName[]): number {
  return names.reduce((bits, name) => bits | FAILURE_BITS[name], 0);
}

/** The byte of a list of status names. */
export function statusBitsOf(names: readonly StatusBitName[]): number {
  return names.reduce((bits, name) => bits | STATUS_BITS[name], 0);
}

/** Keys of a failure bit's cause and advice texts (server catalogue, all four languages). */
export function failureTextKeys(name: FailureName): { cause: string; advice: string } {
  return { cause: `emergency.failures.${name}.cause`, advice: `emergency.failures.${name}.advice` };
}

/** Battery charge byte as percent: 0 deep discharge … 254 full; 255 unknown → null. */
export function batteryPercent(charge: number): number | null {
  if (!Number.isInteger(charge) || charge < 0 || charge >= EmergencyLimits.batteryUnknown) return null;
  return Math.round((charge / EmergencyLimits.batteryFull) * 100);
}

/** Modes in which a fitting runs from its battery: mains lost, rest after it, or a test running. */
const ON_BATTERY_MODES: readonly EmergencyModeName[] = [
  'emergency',
  'rest',
  'extendedEmergency',
  'functionTestRunning',
  'durationTestRunning',
];

/**
 * Whether a fitting runs from its battery now: it has reported, and mains is known to be lost or it is
 * in a mode that runs from the battery (emergency, rest, extended emergency, a test running).
 */
export function isOnBattery(state: { mode: number | null; mainsPresent: boolean | null }): boolean {
  if (state.mode === null) return false;
  const mode = modeName(state.mode);
  return state.mainsPresent === false || (mode !== null && ON_BATTERY_MODES.includes(mode));
}

/**
 * Whether a fitting's battery is charging: it has reported, is not fully charged (status bit "battery
 * fully charged" clear), mains is not known to be lost and it is not in a mode that runs from its battery.
 * A charge byte may already round to 100 % while the fitting still charges.
 */
export function isBatteryCharging(state: { mode: number | null; mainsPresent: boolean | null; statusBits: number }) {
  if (state.mode === null || state.mainsPresent === false) return false;
  const mode = modeName(state.mode);
  if (mode === null || ON_BATTERY_MODES.includes(mode)) return false;
  return (state.statusBits & STATUS_BITS.batteryFull) === 0;
}

/**
 * Minutes of a duration test result (IEC 62386-202 DURATION TEST RESULT): 2-minute steps; 255 means
 * 510 minutes or more (`orMore`).
 */
export function durationResultMinutes(steps: number): { minutes: number; orMore: boolean } {
  const clamped = Math.max(0, Math.min(EmergencyLimits.durationResultMax, Math.trunc(steps)));
  return {
    minutes: clamped * EmergencyLimits.durationStepMinutes,
    orMore: clamped === EmergencyLimits.durationResultMax,
  };
}

/** A duration in minutes as 2-minute steps (rated duration, duration result), whole steps, at most 255. */
export function durationSteps(minutes: number): number {
  return Math.max(
    0,
    Math.min(EmergencyLimits.durationResultMax, Math.floor(minutes / EmergencyLimits.durationStepMinutes)),
  );
}

/** IEC 62386-202 TEST DELAY: 16 bits of quarter hours, as minutes. */
export function testDelayMinutes(quarterHours: number): number {
  return Math.max(0, Math.min(0xffff, Math.trunc(quarterHours))) * 15;
}

/** Minutes as TEST DELAY quarter hours, rounded up so the delay is never shorter than asked. */
export function testDelayQuarterHours(minutes: number): number {
  return Math.min(0xffff, Math.ceil(Math.max(0, minutes) / 15));
}

/** A maximum test delay as the console allows it: 0-15 minutes (spec section 5). */
export function clampMaxDelay(minutes: number): number {
  return Math.max(0, Math.min(EmergencyLimits.maxTestDelayMinutes, Math.trunc(minutes)));
}

/** Whether a test started later than its maximum delay after it was asked for (a late test). */
export function isDelayExceeded(requestedAt: Date, startedAt: Date, maxDelayMinutes: number): boolean {
  return startedAt.getTime() - requestedAt.getTime() > clampMaxDelay(maxDelayMinutes) * 60_000;
}
