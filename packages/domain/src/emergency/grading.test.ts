import { describe, expect, it } from 'vitest';
import {
  answeredTest,
  answersWindowOf,
  type GradedTest,
  gradeTest,
  isFullDurationTest,
  type TestOutcome,
} from './grading.ts';

const fn = (over: Partial<TestOutcome> = {}): TestOutcome => ({
  kind: 'function',
  outcome: 'done',
  failureBits: 0,
  durationResult: null,
  ratedMinutes: 180,
  delayExceeded: false,
  ...over,
});
const dt = (over: Partial<TestOutcome> = {}) => fn({ kind: 'duration', durationResult: 90, ...over });

describe('grading one test (issue 14 "Schedules and grading")', () => {
  it.each<[string, TestOutcome, Partial<GradedTest>]>([
    ['a clean function test passes', fn(), { grade: 'passed', reasons: [] }],
    ['function test failed bit 64', fn({ failureBits: 64 }), { grade: 'failed', reasons: ['functionTestFailed'] }],
    [
      'lamp and function-test bits give both reasons',
      fn({ failureBits: 8 | 64 }),
      { grade: 'failed', reasons: ['emergencyLamp', 'functionTestFailed'] },
    ],
    [
      'a duration-test failure bit left from last year does not fail a function test',
      fn({ failureBits: 128 | 2 }),
      { grade: 'passed' },
    ],
    ['delay bit 16 makes a function test late', fn({ failureBits: 16 }), { grade: 'passedLate', reasons: [] }],
    ['delay reported makes it late', fn({ delayExceeded: true }), { grade: 'passedLate' }],
    ['late and failed', fn({ failureBits: 16 | 4 }), { grade: 'failedLate', reasons: ['battery'] }],
    ['delay bit 32 does not make a function test late', fn({ failureBits: 32 }), { grade: 'passed' }],
    [
      '3 h rated, 90 steps (180 min) passes',
      dt(),
      { grade: 'passed', achievedMinutes: 180, ratedMinutes: 180, reasons: [] },
    ],
    [
      '3 h rated, 84 steps (168 min) fails on duration',
      dt({ durationResult: 84 }),
      { grade: 'failed', achievedMinutes: 168, ratedMinutes: 180, reasons: ['batteryDuration'] },
    ],
    [
      'duration bits 2 and 128',
      dt({ durationResult: 60, failureBits: 2 | 128 }),
      { grade: 'failed', achievedMinutes: 120, reasons: ['batteryDuration', 'durationTestFailed'] },
    ],
    [
      '255 steps means 510 minutes or more: passes any rating',
      dt({ durationResult: 255, ratedMinutes: 600 }),
      { grade: 'passed', achievedMinutes: 510 },
    ],
    [
      'a custom 60-minute test passes at 60 minutes on a 3 h fitting, as a partial duration test',
      dt({ durationResult: 30, requiredMinutes: 60 }),
      { grade: 'passed', achievedMinutes: 60, ratedMinutes: 180, partial: true },
    ],
    [
      'a custom 2-minute test on a 3 h fitting is graded passed and partial',
      dt({ durationResult: 1, requiredMinutes: 2 }),
      { grade: 'passed', achievedMinutes: 2, ratedMinutes: 180, partial: true },
    ],
    [
      'a partial duration test that finds a lamp failure fails, still partial',
      dt({ durationResult: 1, requiredMinutes: 2, failureBits: 8 | 128 }),
      { grade: 'failed', reasons: ['emergencyLamp', 'durationTestFailed'], partial: true },
    ],
    ['a preset (rated) duration test is full', dt(), { grade: 'passed', partial: false }],
    ['a function test is never partial', fn(), { partial: false }],
    ['delay bit 32 makes a duration test late', dt({ failureBits: 32 }), { grade: 'passedLate' }],
    [
      'late and short',
      dt({ durationResult: 10, failureBits: 32 }),
      { grade: 'failedLate', reasons: ['batteryDuration'] },
    ],
    [
      'unknown rating: judged by the bits only',
      dt({ ratedMinutes: null, durationResult: 5 }),
      { grade: 'passed', achievedMinutes: 10 },
    ],
    ['stopped', fn({ outcome: 'stopped', failureBits: 64 }), { grade: 'stopped', reasons: [], retest: false }],
    [
      'mains lost voids it and books a retest',
      dt({ outcome: 'mainsLost', durationResult: 40 }),
      { grade: 'voided', retest: true },
    ],
  ])('%s', (_name, test, expected) => {
    expect(gradeTest(test)).toMatchObject(expected);
  });

  it('takes only a rated-length, battery-empty or at-least-rated custom test as the full duration test', () => {
    expect(isFullDurationTest({ requiredMinutes: null, ratedMinutes: 180 })).toBe(true);
    expect(isFullDurationTest({ ratedMinutes: 60 })).toBe(true);
    expect(isFullDurationTest({ requiredMinutes: 180, ratedMinutes: 180 })).toBe(true);
    expect(isFullDurationTest({ requiredMinutes: 200, ratedMinutes: 180 })).toBe(true);
    expect(isFullDurationTest({ requiredMinutes: 179, ratedMinutes: 180 })).toBe(false);
    expect(isFullDurationTest({ requiredMinutes: 2, ratedMinutes: 180 })).toBe(false);
    expect(isFullDurationTest({ requiredMinutes: 60, ratedMinutes: 60 })).toBe(true);
    // A fitting that reported no rating is held to the usual 3 h.
    expect(isFullDurationTest({ requiredMinutes: 120, ratedMinutes: null })).toBe(false);
    expect(isFullDurationTest({ requiredMinutes: 180, ratedMinutes: null })).toBe(true);
  });

  it('lets a partial duration test answer the monthly function test only', () => {
    expect(answeredTest({ kind: 'duration', partial: false })).toBe('duration');
    expect(answeredTest({ kind: 'duration', partial: true })).toBe('function');
    expect(answeredTest({ kind: 'function', partial: false })).toBe('function');
    expect(answersWindowOf({ kind: 'duration', partial: true }, 'function')).toBe(true);
    expect(answersWindowOf({ kind: 'duration', partial: true }, 'duration')).toBe(false);
    expect(answersWindowOf({ kind: 'duration', partial: false }, 'duration')).toBe(true);
    expect(answersWindowOf({ kind: 'function', partial: false }, 'duration')).toBe(false);
  });

  it('never answers missed: that is the absence of a result', () => {
    const grades = new Set(
      [fn(), fn({ outcome: 'stopped' }), fn({ outcome: 'mainsLost' }), fn({ failureBits: 255 })].map(
        (t) => gradeTest(t).grade,
      ),
    );
    expect(grades.has('missed' as never)).toBe(false);
  });
});
