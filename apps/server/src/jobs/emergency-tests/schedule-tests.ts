import { EmergencyLimits, type TestKind } from '@lightwell/domain';
import type { emergencyTestRuns } from '../../db/schema.ts';
import type { EmergencyScheduleRow } from '../../presenters/emergency.ts';
import type { EmergencyActionRequest, startEmergencyAction } from '../../services/emergency/actions.ts';
import type { Fitting } from '../../services/emergency/fittings.ts';

/** Starts an emergency action; tests pass their own to watch what the job sends. */
export type EmergencyStarter = typeof startEmergencyAction;

export const MINUTE = 60_000;
export const DAY = 86_400_000;

export const timingOf = (row: EmergencyScheduleRow) => ({
  testKind: row.testKind as TestKind,
  day: row.day,
  month: row.month,
  minuteOfDay: row.minuteOfDay,
  enabled: row.enabled,
});

/** Minutes a duration test of a schedule keeps a fitting on battery, for the stagger spacing. */
export function testMinutesOf(
  row: Pick<EmergencyScheduleRow, 'durationKind' | 'durationMinutes'>,
  fittings: Fitting[],
) {
  if (row.durationKind === 'custom' && row.durationMinutes) return row.durationMinutes;
  if (row.durationKind === 'batteryEmpty') return EmergencyLimits.maxDurationMinutes;
  const rated = fittings.map((f) => f.state?.ratedMinutes ?? 0).filter((m) => m > 0);
  return rated.length > 0 ? Math.max(...rated) : 180;
}

/** The test of a batch (kind, the schedule's duration and maximum delay) for some fittings, sent by the schedule. */
export function scheduledTest(
  schedule: EmergencyScheduleRow,
  run: Pick<typeof emergencyTestRuns.$inferSelect, 'nid' | 'testKind'>,
  deviceIds: number[],
): EmergencyActionRequest {
  return {
    networkId: run.nid,
    target: { kind: 'fittings', ids: deviceIds },
    action: run.testKind === 'function' ? 'functionTest' : 'durationTest',
    by: { scheduleId: schedule.id },
    maxDelayMinutes: schedule.maxDelayMinutes,
    ...(run.testKind === 'duration'
      ? {
          duration: {
            kind: schedule.durationKind as NonNullable<EmergencyActionRequest['duration']>['kind'],
            ...(schedule.durationMinutes ? { minutes: schedule.durationMinutes } : {}),
          },
        }
      : {}),
  };
}
