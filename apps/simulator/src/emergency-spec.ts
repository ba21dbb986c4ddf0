import { EmergencyLimits, type EmergencyTestResult, FAILURE_BITS, type TestKind } from '@lightwell/domain';
import { z } from 'zod';

/** How a simulated emergency fitting behaves (a fleet file may set it per device). */
export const SimEmergencySpecSchema = z.object({
  /** Rated duration in minutes (3 h usual). */
  ratedMinutes: z.number().int().min(2).max(510).default(180),
  /** Minutes a full battery lasts on battery (the discharge rate); a little over the rating by default. */
  enduranceMinutes: z.number().min(1).max(1000).default(200),
  /** Hours to charge from empty (about 24 h). */
  chargeHours: z.number().min(0.01).max(100).default(EmergencyLimits.rechargeHours),
  /** Seconds a function test keeps the fitting on battery. */
  functionTestSeconds: z.number().min(1).max(3600).default(30),
  /** Battery charge at start, 0-1. */
  charge: z.number().min(0).max(1).default(1),
  /** Simulated seconds per real second (tests run a 3 h duration test in seconds). */
  timeScale: z.number().min(1).max(1_000_000).default(1),
});
export type SimEmergencySpec = z.input<typeof SimEmergencySpecSchema>;

/** Faults a simulated fitting can be given: lamp, battery, circuit, or a battery that no longer lasts. */
export const SIM_EMERGENCY_FAULTS = ['lamp', 'battery', 'circuit', 'duration'] as const;
export type SimEmergencyFault = (typeof SIM_EMERGENCY_FAULTS)[number];

/** What the fitting reports (the state fields of an `emergency` report, and a test that ended). */
export interface EmergencyReportFields {
  index: number;
  mode: number;
  faultBits: number;
  statusBits: number;
  batteryCharge: number;
  mainsPresent: boolean;
  ratedDuration: number;
  test?: EmergencyTestResult;
}

/** A test asked of a fitting: pending until it can start, then running until its length or an empty battery. */
export interface EmergencyTest {
  kind: TestKind;
  taskId: number | null;
  requestedAt: number;
  maxDelayMs: number;
  /** Simulated ms the test must last; null until the battery is empty. */
  lengthMs: number | null;
  startedAt: number | null;
  /** Simulated ms spent on battery so far. */
  onBatteryMs: number;
  late: boolean;
}

export const MINUTE = 60_000;

/**
 * The failure bits a test that ran to its end sets (IEC 62386-202 FAILURE STATUS): the fitting's faults, a
 * battery that did not last (duration) or went flat (function), the test's failed bit, and its delay.
 */
export function testFailureBits(
  test: EmergencyTest,
  faults: Set<SimEmergencyFault>,
  spec: z.output<typeof SimEmergencySpecSchema>,
): number {
  const minutes = test.onBatteryMs / MINUTE;
  let bits = 0;
  if (faults.has('lamp')) bits |= FAILURE_BITS.emergencyLamp;
  if (faults.has('battery')) bits |= FAILURE_BITS.battery;
  if (faults.has('circuit')) bits |= FAILURE_BITS.circuit;
  const required = test.kind === 'duration' ? (test.lengthMs ?? spec.ratedMinutes * MINUTE) / MINUTE : 0;
  if (test.kind === 'duration' && minutes + 1e-9 < Math.min(required, spec.ratedMinutes)) {
    bits |= FAILURE_BITS.batteryDuration;
  }
  // A battery that goes flat before the function test ends cannot light the lamp: battery failure.
  if (test.kind === 'function' && test.onBatteryMs < spec.functionTestSeconds * 1000) {
    bits |= FAILURE_BITS.battery;
  }
  if (bits !== 0) bits |= test.kind === 'function' ? FAILURE_BITS.functionTestFailed : FAILURE_BITS.durationTestFailed;
  if (test.late) {
    bits |= test.kind === 'function' ? FAILURE_BITS.functionTestDelayExceeded : FAILURE_BITS.durationTestDelayExceeded;
  }
  return bits;
}
