import {
  type CommandAction,
  durationSteps,
  EmergencyLimits,
  type EmergencyTestResult,
  FAILURE_BITS,
  STATUS_BITS,
  type TestKind,
  testModeCode,
} from '@lightwell/domain';
import type { z } from 'zod';
import {
  type EmergencyReportFields,
  type EmergencyTest,
  MINUTE,
  type SimEmergencyFault,
  type SimEmergencySpec,
  SimEmergencySpecSchema,
  testFailureBits,
} from './emergency-spec.ts';

export {
  type EmergencyReportFields,
  SIM_EMERGENCY_FAULTS,
  type SimEmergencyFault,
  type SimEmergencySpec,
  SimEmergencySpecSchema,
} from './emergency-spec.ts';

const HOURLY = 3_600_000;
/** Result bits only a test of that kind sets and clears (IEC 62386-202 FAILURE STATUS bits 1, 4-7). */
const OWN_RESULT_BITS: Record<TestKind, number> = {
  function: FAILURE_BITS.functionTestFailed | FAILURE_BITS.functionTestDelayExceeded,
  duration: FAILURE_BITS.batteryDuration | FAILURE_BITS.durationTestFailed | FAILURE_BITS.durationTestDelayExceeded,
};
const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * One IEC 62386-202 emergency element of a simulated device: a battery that charges on mains (about 24 h
 * from empty) and discharges on battery at the configured endurance, function and duration tests (a
 * duration test is held pending until the battery is full; past its maximum delay it is late), inhibit
 * with its 15-minute timer, mains loss (a real emergency, voiding a running test) and faults on command.
 * Time runs `timeScale` times faster than the clock. `step` advances it; `takeReport` hands the report
 * due (on every change, and hourly with the battery).
 */
export class SimEmergency {
  readonly spec: z.output<typeof SimEmergencySpecSchema>;
  charge: number;
  mainsPresent = true;
  faults = new Set<SimEmergencyFault>();
  /** Failure bits of the last test results (64, 128) and delays (16, 32), kept until the next test. */
  private resultBits = 0;
  private doneBits = 0;
  private test: EmergencyTest | null = null;
  private inhibitUntil: number | null = null;
  private lastStep: number;
  /** Simulated clock (ms). */
  private clock: number;
  private dirty = true;
  private endedTest: EmergencyTestResult | null = null;
  private lastReportAt = 0;

  constructor(
    readonly index: number,
    input: SimEmergencySpec = {},
    now = Date.now(),
  ) {
    this.spec = SimEmergencySpecSchema.parse(input);
    this.charge = this.spec.charge;
    this.lastStep = now;
    this.clock = now;
  }

  /** Simulated time now (epoch ms). */
  get simulatedNow(): number {
    return this.clock;
  }

  /** Section 4 mode code. */
  get mode(): number {
    if (this.test?.startedAt != null) return testModeCode(this.test.kind, 'running');
    if (!this.mainsPresent) return this.isInhibited ? 2 : 1;
    if (this.test) {
      return testModeCode(
        this.test.kind,
        this.clock - this.test.requestedAt > this.test.maxDelayMs ? 'delayExceeded' : 'pending',
      );
    }
    return this.isInhibited ? 3 : 0;
  }

  private get isInhibited(): boolean {
    return this.inhibitUntil !== null && this.clock < this.inhibitUntil;
  }

  get batteryCharge(): number {
    return Math.round(Math.min(1, Math.max(0, this.charge)) * EmergencyLimits.batteryFull);
  }

  get statusBits(): number {
    let bits = this.doneBits;
    if (this.isInhibited) bits |= STATUS_BITS.inhibit;
    if (this.charge >= 1) bits |= STATUS_BITS.batteryFull;
    if (this.test && this.test.startedAt === null) {
      bits |= this.test.kind === 'function' ? STATUS_BITS.functionTestPending : STATUS_BITS.durationTestPending;
    }
    return bits;
  }

  get faultBits(): number {
    let bits = this.resultBits;
    if (this.faults.has('circuit')) bits |= FAILURE_BITS.circuit;
    if (this.faults.has('battery')) bits |= FAILURE_BITS.battery;
    if (this.test && this.test.startedAt === null && this.clock - this.test.requestedAt > this.test.maxDelayMs) {
      bits |=
        this.test.kind === 'function' ? FAILURE_BITS.functionTestDelayExceeded : FAILURE_BITS.durationTestDelayExceeded;
    }
    return bits;
  }

  /** Whether the lamp is lit from the battery now (a test running, or a real emergency not inhibited). */
  private get onBattery(): boolean {
    return this.test?.startedAt != null || (!this.mainsPresent && !this.isInhibited);
  }

  /** Minutes a full battery lasts with the faults it has. */
  private get enduranceMs(): number {
    if (this.faults.has('battery')) return 0;
    const minutes = this.faults.has('duration') ? this.spec.ratedMinutes * 0.5 : this.spec.enduranceMinutes;
    return minutes * MINUTE;
  }

  /** Advances simulated time to `now` (real ms): charge or discharge, start pending tests, end running ones. */
  step(now = Date.now()): void {
    const real = Math.max(0, now - this.lastStep);
    this.lastStep = now;
    let left = real * this.spec.timeScale;
    while (left > 0) {
      const slice = this.sliceOf(left);
      left -= slice;
      this.advance(slice);
    }
  }

  /**
   * How much of `left` (simulated ms) one slice may take: a minute while something is timed (a test pending
   * or running, an inhibit, mains loss), so a test ends and a pending one starts at the right time; all of
   * it otherwise (charging on mains is linear up to full). A fitting left alone for a month of simulated
   * time is one slice, not 43,200.
   */
  private sliceOf(left: number): number {
    return this.test || this.inhibitUntil !== null || !this.mainsPresent ? Math.min(left, MINUTE) : left;
  }

  private advance(ms: number): void {
    const before = { mode: this.mode, status: this.statusBits, faults: this.faultBits, full: this.charge >= 1 };
    this.clock += ms;
    if (this.onBattery) {
      const endurance = this.enduranceMs;
      // The lamp stays lit from the battery only until it is empty, which may be within the slice.
      const lit = Math.min(ms, Math.max(0, this.charge) * endurance);
      this.charge = endurance === 0 ? 0 : Math.max(0, this.charge - ms / endurance);
      if (this.test?.startedAt != null) this.test.onBatteryMs += lit;
    } else if (this.mainsPresent && !this.faults.has('battery')) {
      const charged = this.charge + ms / (this.spec.chargeHours * 3_600_000);
      // Sums of small slices fall a hair short of full.
      this.charge = charged > 1 - 1e-9 ? 1 : charged;
    }
    if (this.inhibitUntil !== null && this.clock >= this.inhibitUntil) this.inhibitUntil = null;
    this.progressTest();
    if (
      before.mode !== this.mode ||
      before.status !== this.statusBits ||
      before.faults !== this.faultBits ||
      before.full !== this.charge >= 1
    ) {
      this.dirty = true;
    }
  }

  private progressTest(): void {
    const test = this.test;
    if (!test) return;
    if (test.startedAt === null) {
      const canStart = this.mainsPresent && (test.kind === 'function' || this.charge >= 1);
      if (!canStart) return;
      test.startedAt = this.clock;
      test.late = this.clock - test.requestedAt > test.maxDelayMs;
      this.dirty = true;
    }
    const emptied = this.charge <= 0;
    const length = test.kind === 'function' ? this.spec.functionTestSeconds * 1000 : test.lengthMs;
    if (emptied || (length !== null && test.onBatteryMs >= length)) this.endTest('done');
  }

  private endTest(outcome: EmergencyTestResult['outcome']): void {
    const test = this.test;
    if (!test) return;
    this.test = null;
    const minutes = test.onBatteryMs / MINUTE;
    const bits = outcome === 'done' ? testFailureBits(test, this.faults, this.spec) : 0;
    if (outcome === 'done') {
      // A test rewrites its own result bits; the other test's (a duration failure) stay until that test passes.
      this.resultBits = (this.resultBits & OWN_RESULT_BITS[test.kind === 'function' ? 'duration' : 'function']) | bits;
      this.doneBits |= test.kind === 'function' ? STATUS_BITS.functionTestDone : STATUS_BITS.durationTestDone;
    }
    this.endedTest = {
      kind: test.kind,
      taskId: test.taskId,
      outcome,
      startedAt: seconds(test.startedAt ?? this.clock),
      endedAt: seconds(this.clock),
      failureBits: outcome === 'done' ? bits | (this.faultBits & ~0xf0) : this.faultBits,
      durationResult: test.kind === 'duration' ? durationSteps(minutes) : null,
      delayExceeded: test.late,
    };
    this.dirty = true;
  }

  /**
   * Carries out an emergency command (docs/commands.md "Emergency actions"). A test asked while one runs is
   * ignored (IEC 62386-202); a new test replaces a pending one.
   */
  command(action: Extract<CommandAction, { op: 'emergency' }>, taskId: number | null, now = Date.now()): void {
    this.step(now);
    switch (action.command) {
      case 'functionTest':
      case 'durationTest': {
        if (this.test?.startedAt != null) return;
        const kind: TestKind = action.command === 'functionTest' ? 'function' : 'duration';
        const duration = action.duration ?? { kind: 'preset' as const };
        const lengthMs =
          kind === 'function' || duration.kind === 'batteryEmpty'
            ? null
            : (duration.kind === 'custom' ? (duration.minutes ?? this.spec.ratedMinutes) : this.spec.ratedMinutes) *
              MINUTE;
        this.test = {
          kind,
          taskId,
          requestedAt: this.clock,
          maxDelayMs: action.maxDelayMinutes * MINUTE,
          lengthMs,
          startedAt: null,
          onBatteryMs: 0,
          late: false,
        };
        this.progressTest();
        break;
      }
      case 'stopTest':
        if (this.test?.startedAt != null) this.endTest('stopped');
        else this.test = null;
        break;
      case 'inhibit':
        this.inhibitUntil = this.clock + EmergencyLimits.inhibitMinutes * MINUTE;
        break;
      case 'resume':
        // Re-light / reset inhibit: ends inhibit and rest; mains still lost stays an emergency.
        this.inhibitUntil = null;
        break;
    }
    this.dirty = true;
  }

  /** Mains lost (a real emergency: a running test is void) or back. */
  setMains(present: boolean, now = Date.now()): void {
    this.step(now);
    if (this.mainsPresent === present) return;
    this.mainsPresent = present;
    if (!present && this.test?.startedAt != null) this.endTest('mainsLost');
    this.dirty = true;
  }

  /** Gives the fitting a fault; the next test finds it (circuit and battery faults show at once). */
  fail(kind: SimEmergencyFault, now = Date.now()): void {
    this.step(now);
    this.faults.add(kind);
    if (kind === 'battery') this.charge = 0;
    this.dirty = true;
  }

  /** Repairs the fitting: no faults; the last results stay until the next test. */
  repair(now = Date.now()): void {
    this.step(now);
    this.faults.clear();
    this.dirty = true;
  }

  /** Sets the battery charge (0-1), as after a long outage. */
  setCharge(charge: number, now = Date.now()): void {
    this.step(now);
    this.charge = Math.min(1, Math.max(0, charge));
    this.dirty = true;
  }

  /** The report due now (changed, a test ended, or an hour since the last), or null; taking it clears it. */
  takeReport(now = Date.now()): EmergencyReportFields | null {
    this.step(now);
    if (!this.dirty && now - this.lastReportAt < HOURLY) return null;
    this.dirty = false;
    this.lastReportAt = now;
    const test = this.endedTest;
    this.endedTest = null;
    return {
      index: this.index,
      mode: this.mode,
      faultBits: this.faultBits,
      statusBits: this.statusBits,
      batteryCharge: this.batteryCharge,
      mainsPresent: this.mainsPresent,
      ratedDuration: durationSteps(this.spec.ratedMinutes),
      ...(test ? { test } : {}),
    };
  }
}
