import { answersWindowOf } from './grading.ts';
import type { Grade, TestKind } from './types.ts';

const DAY = 86_400_000;

/**
 * Longest gap between two valid tests before a fitting is overdue: a month's test within 35 days (NFPA 101:
 * 30 days nominal, at most 5 weeks; EN 50172 monthly), the yearly duration test within 395 days (12 months
 * and the month of its window).
 */
export const OVERDUE_DAYS: Record<TestKind, number> = { function: 35, duration: 395 };

/** Grades that are a valid result of a window: the fitting ran the test and reported it. */
export const VALID_GRADES = ['passed', 'passedLate', 'failed', 'failedLate'] as const satisfies readonly Grade[];

/** Whether a grade is a valid result of a window (`VALID_GRADES`); stopped, voided and missed are not. */
export const isValidGrade = (grade: string): boolean => (VALID_GRADES as readonly string[]).includes(grade);

/** A self-test window a fitting had to be tested in: its schedule's, or the one a `missed` record names. */
export interface FittingWindow {
  kind: TestKind;
  start: Date;
  end: Date;
}

/** A test result of a fitting as the window rule reads it. */
export interface WindowResult {
  kind: TestKind;
  partial: boolean;
  grade: string;
  endedAt: Date | null;
}

/**
 * Whether `result` is a valid result of `window`: a valid grade (`isValidGrade`) of a test that answers the
 * window's test (`answersWindowOf`: a partial duration test never answers a yearly window) and ended inside
 * it, [start, end).
 */
export function isWindowResult(result: WindowResult, window: FittingWindow): boolean {
  return (
    isValidGrade(result.grade) &&
    answersWindowOf({ kind: result.kind, partial: result.partial }, window.kind) &&
    result.endedAt !== null &&
    result.endedAt.getTime() >= window.start.getTime() &&
    result.endedAt.getTime() < window.end.getTime()
  );
}

/**
 * The windows among `windows` that had closed by `now` with no valid result among `results`
 * (`isWindowResult`): a fitting's missed windows. Each window (kind and start) once, oldest first.
 */
export function missedWindows(
  windows: readonly FittingWindow[],
  results: readonly WindowResult[],
  now: Date,
): FittingWindow[] {
  const seen = new Set<string>();
  const out: FittingWindow[] = [];
  for (const window of [...windows].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const key = `${window.kind}:${window.start.getTime()}`;
    if (seen.has(key) || window.end.getTime() > now.getTime()) continue;
    seen.add(key);
    if (!results.some((result) => isWindowResult(result, window))) out.push(window);
  }
  return out;
}

/** Last passing results of a fitting, since when it is installed, and the windows it missed. */
export interface OverdueInput {
  lastFunctionPass: Date | null;
  lastDurationPass: Date | null;
  /** When the fitting was installed (its first report or creation). */
  since: Date;
  /** Windows of the fitting that closed without a valid result (`missedWindows`). */
  missed?: readonly FittingWindow[];
}

/**
 * The tests a fitting is overdue for (issue 14 "Overdue detection"), one rule for every place that counts
 * overdue fittings: a test is overdue when there is no passing result within the gap of `OVERDUE_DAYS`,
 * counted from the last pass or, never passed, from `since`; or at once when a window of that test closed
 * without a valid result (`missed`) and no passing result answering the test ended since the window
 * opened. A passing duration test also shows the fitting works on battery, so it counts for the function
 * test too.
 */
export function overdueKinds(input: OverdueInput, now: Date): TestKind[] {
  const last: Record<TestKind, number> = {
    function: Math.max(input.lastFunctionPass?.getTime() ?? 0, input.lastDurationPass?.getTime() ?? 0),
    duration: input.lastDurationPass?.getTime() ?? 0,
  };
  const overdue = (kind: TestKind) => {
    const from = last[kind] > 0 ? last[kind] : input.since.getTime();
    if (now.getTime() - from > OVERDUE_DAYS[kind] * DAY) return true;
    return (input.missed ?? []).some(
      (window) => window.kind === kind && window.end.getTime() <= now.getTime() && last[kind] < window.start.getTime(),
    );
  };
  return (['function', 'duration'] as const).filter(overdue);
}
