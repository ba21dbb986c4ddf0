import type { TestKind } from './types.ts';

const DAY = 86_400_000;

/**
 * Longest gap between two valid tests before a fitting is overdue: a month's test within 35 days (NFPA 101:
 * 30 days nominal, at most 5 weeks; EN 50172 monthly), the yearly duration test within 395 days (12 months
 * and the month of its window).
 */
export const OVERDUE_DAYS: Record<TestKind, number> = { function: 35, duration: 395 };

/** Last passing results of a fitting, and since when it is installed (its first report or creation). */
export interface OverdueInput {
  lastFunctionPass: Date | null;
  lastDurationPass: Date | null;
  since: Date;
}

/**
 * The tests a fitting is overdue for (issue 14 "Overdue detection"): no passing result within the gap of
 * `OVERDUE_DAYS`, counted from the last pass or, never passed, from `since`. A passing duration test also
 * shows the fitting works on battery, so it counts for the function test too.
 */
export function overdueKinds(input: OverdueInput, now: Date): TestKind[] {
  const lastFunction = Math.max(input.lastFunctionPass?.getTime() ?? 0, input.lastDurationPass?.getTime() ?? 0);
  const out: TestKind[] = [];
  const from = (last: number) => (last > 0 ? last : input.since.getTime());
  if (now.getTime() - from(lastFunction) > OVERDUE_DAYS.function * DAY) out.push('function');
  if (now.getTime() - from(input.lastDurationPass?.getTime() ?? 0) > OVERDUE_DAYS.duration * DAY) out.push('duration');
  return out;
}
