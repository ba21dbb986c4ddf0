import type { AppContext } from '../context.ts';
import { startEmergencyAction } from '../services/emergency/actions.ts';
import { gradeClosedWindows } from './emergency-tests/grade-windows.ts';
import { planOpenedWindows } from './emergency-tests/plan-windows.ts';
import { bookVoidedRetests, startBookedRetests } from './emergency-tests/retests.ts';
import { retryUnreachedFittings } from './emergency-tests/retry-unreached.ts';
import type { EmergencyStarter } from './emergency-tests/schedule-tests.ts';
import { startDueBatches } from './emergency-tests/start-batches.ts';

export type { EmergencyStarter } from './emergency-tests/schedule-tests.ts';

/**
 * The self-test job (every minute): plans the windows that opened, starts due batches, tries again the
 * fittings a batch did not reach once they are back, starts booked retests through `startEmergencyAction`,
 * books retests of voided tests and grades closed windows.
 */
export async function runEmergencyTests(
  ctx: AppContext,
  start: EmergencyStarter = startEmergencyAction,
): Promise<string> {
  const now = ctx.now();
  const planned = await planOpenedWindows(ctx, now);
  const started = await startDueBatches(ctx, now, start);
  const tried = await retryUnreachedFittings(ctx, now, start);
  const voided = await bookVoidedRetests(ctx, now);
  const retests = await startBookedRetests(ctx, now, start);
  const missed = await gradeClosedWindows(ctx, now);
  return `planned ${planned}, started ${started}, tried again ${tried}, void retests ${voided}, retests ${retests}, missed ${missed}`;
}
