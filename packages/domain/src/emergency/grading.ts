import { durationResultMinutes, failureNames } from './decode.ts';
import { DEFAULT_RATED_MINUTES } from './preview.ts';
import { FAILURE_BITS, type FailureName, type Grade, type TestKind } from './types.ts';

/** What a fitting reported at the end of one test, with what the console knows of the test. */
export interface TestOutcome {
  kind: TestKind;
  /** done with result bits; stopped by a stop command or at the fitting; mainsLost during the test. */
  outcome: 'done' | 'stopped' | 'mainsLost';
  /** Failure status byte at the end of the test. */
  failureBits: number;
  /** Duration tests: DURATION TEST RESULT in 2-minute steps (255 = 510 min or more); null unknown. */
  durationResult: number | null;
  /** Rated duration of the fitting in minutes, null unknown. */
  ratedMinutes: number | null;
  /** Minutes a custom-length duration test had to last; null for rated (preset) or battery-empty tests. */
  requiredMinutes?: number | null;
  /** The test started later than its maximum delay (reported, or set failure bit 16/32). */
  delayExceeded: boolean;
}

/** The grade of one test with its reasons and achieved vs rated minutes. */
export interface GradedTest {
  grade: Exclude<Grade, 'missed'>;
  reasons: FailureName[];
  achievedMinutes: number | null;
  ratedMinutes: number | null;
  /** A retest is to be booked (the test was void). */
  retest: boolean;
  /** A duration test shorter than the fitting's rated duration (`isFullDurationTest`); false for function tests. */
  partial: boolean;
}

/**
 * Whether a duration test is the year's full duration test (spec section 3 "Self-test schedule"; notes:
 * emergency-lighting.md §1, the annual test runs the full rated duration): it had to last the fitting's
 * rated duration (preset, `requiredMinutes` null), until the battery was empty (null too), or a custom
 * length of at least the rated duration (3 h, `DEFAULT_RATED_MINUTES`, when the fitting reported none).
 * A shorter custom test is a partial duration test: kept and graded, but it is not the year's duration
 * test (docs/decisions.md "Emergency lighting").
 */
export function isFullDurationTest(test: Pick<TestOutcome, 'requiredMinutes' | 'ratedMinutes'>): boolean {
  const required = test.requiredMinutes ?? null;
  return required === null || required >= (test.ratedMinutes ?? DEFAULT_RATED_MINUTES);
}

/**
 * The test a result answers: a full duration test answers the yearly duration test (and shows the
 * fitting lights on battery, so the monthly one too); a function test and a partial duration test answer
 * the monthly function test only. The schedule report's yearly cell, the yearly window's grading and
 * the duration-overdue clock take only results that answer `duration`.
 */
export function answeredTest(test: { kind: TestKind; partial: boolean }): TestKind {
  return test.kind === 'duration' && !test.partial ? 'duration' : 'function';
}

/** Whether a result answers a window of test `window`: any test a monthly one, a full duration test a yearly one. */
export const answersWindowOf = (test: { kind: TestKind; partial: boolean }, window: TestKind): boolean =>
  window === 'function' || answeredTest(test) === 'duration';

/** Failure bits that fail a test of each kind (the other test's result bit and the delay bits do not). */
const FAILING: Record<TestKind, readonly FailureName[]> = {
  function: ['circuit', 'battery', 'emergencyLamp', 'functionTestFailed'],
  duration: ['circuit', 'batteryDuration', 'battery', 'emergencyLamp', 'durationTestFailed'],
};
const DELAY_BIT: Record<TestKind, FailureName> = {
  function: 'functionTestDelayExceeded',
  duration: 'durationTestDelayExceeded',
};

/**
 * Grades one test (issue 14 "Schedules and grading"): mains lost → voided (retest booked); stopped →
 * stopped; otherwise failed when a failure bit of its kind is set or a duration test lasted less than
 * it had to (rated minutes, or the custom length), passed when not; late (passedLate, failedLate) when
 * the test started past its maximum delay. A duration test shorter than the rated duration is graded the
 * same way and marked `partial` (`isFullDurationTest`). `missed` is not graded here: it is the absence of
 * a result when a window closes.
 */
export function gradeTest(test: TestOutcome): GradedTest {
  const measured =
    test.kind === 'duration' && test.durationResult !== null ? durationResultMinutes(test.durationResult) : null;
  const achievedMinutes = measured?.minutes ?? null;
  const partial = test.kind === 'duration' && !isFullDurationTest(test);
  const base = { achievedMinutes, ratedMinutes: test.ratedMinutes, partial };
  if (test.outcome === 'mainsLost') return { ...base, grade: 'voided', reasons: [], retest: true };
  if (test.outcome === 'stopped') return { ...base, grade: 'stopped', reasons: [], retest: false };
  const set = failureNames(test.failureBits);
  const reasons = set.filter((name) => FAILING[test.kind].includes(name));
  const required = test.requiredMinutes ?? test.ratedMinutes;
  if (measured && required !== null && !measured.orMore && measured.minutes < required) {
    if (!reasons.includes('batteryDuration')) reasons.push('batteryDuration');
  }
  const late = test.delayExceeded || set.includes(DELAY_BIT[test.kind]);
  const failed = reasons.length > 0;
  const grade = failed ? (late ? 'failedLate' : 'failed') : late ? 'passedLate' : 'passed';
  return { ...base, grade, reasons: reasons.sort((a, b) => FAILURE_BITS[a] - FAILURE_BITS[b]), retest: false };
}
