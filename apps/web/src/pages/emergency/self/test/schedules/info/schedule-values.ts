import type { CallInput, EmergencySchedule, EmergencyTarget } from '@lightwell/domain';
import { EmergencyLimits } from '@lightwell/domain';
import type { TFunction } from 'i18next';

/** What the schedule form holds; time of day as "HH:mm" in the site's zone. */
export interface ScheduleFormValues {
  name: string;
  enabled: boolean;
  testKind: 'function' | 'duration';
  day: number;
  month: number;
  time: string;
  durationKind: 'preset' | 'batteryEmpty' | 'custom';
  durationMinutes: number;
  maxDelayMinutes: number;
  stagger: 'zone' | 'group' | 'alternate';
  targetKind: EmergencyTarget['kind'];
  targetIds: number[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes from midnight as "HH:mm". */
const clock = (minuteOfDay: number) => `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;

/** "HH:mm" as minutes from midnight, or null. */
export function minuteOfDayOf(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** A new schedule's values: a monthly function test on the 1st at 10:00, 15 minutes' delay, staggered by zone. */
export function newScheduleValues(kind: 'function' | 'duration' = 'function'): ScheduleFormValues {
  return {
    name: '',
    enabled: true,
    testKind: kind,
    day: 1,
    month: 1,
    time: '10:00',
    durationKind: 'preset',
    durationMinutes: 180,
    maxDelayMinutes: EmergencyLimits.maxTestDelayMinutes,
    stagger: 'zone',
    targetKind: 'network',
    targetIds: [],
  };
}

/** A stored schedule as form values. */
export function valuesOf(schedule: EmergencySchedule): ScheduleFormValues {
  return {
    name: schedule.name,
    enabled: schedule.enabled,
    testKind: schedule.testKind,
    day: schedule.day,
    month: schedule.month ?? 1,
    time: clock(schedule.minuteOfDay),
    durationKind: schedule.durationKind,
    durationMinutes: schedule.durationMinutes ?? 180,
    maxDelayMinutes: schedule.maxDelayMinutes,
    stagger: schedule.stagger,
    targetKind: schedule.target.kind,
    targetIds: schedule.target.kind === 'network' ? [] : [...schedule.target.ids],
  };
}

/** The call fields of form values, or null while the time or the target is incomplete. */
export function toScheduleInput(values: ScheduleFormValues): Omit<CallInput<'emergencyScheduleAdd'>, 'nid'> | null {
  const minuteOfDay = minuteOfDayOf(values.time);
  if (minuteOfDay === null || values.name.trim() === '') return null;
  if (values.targetKind !== 'network' && values.targetIds.length === 0) return null;
  const duration = values.testKind === 'duration';
  return {
    name: values.name.trim(),
    enabled: values.enabled,
    testKind: values.testKind,
    day: values.day,
    month: duration ? values.month : null,
    minuteOfDay,
    durationKind: duration ? values.durationKind : 'preset',
    durationMinutes: duration && values.durationKind === 'custom' ? values.durationMinutes : null,
    maxDelayMinutes: values.maxDelayMinutes,
    stagger: values.stagger,
    target:
      values.targetKind === 'network'
        ? { kind: 'network' }
        : ({ kind: values.targetKind, ids: values.targetIds } as EmergencyTarget),
  };
}

/** When a schedule runs, as a sentence in the site's zone: "Every month on day 5 at 02:00 (Europe/Berlin)". */
export function whenText(
  t: TFunction,
  schedule: Pick<EmergencySchedule, 'testKind' | 'day' | 'month' | 'minuteOfDay'>,
  timeZone: string,
  language: string,
): string {
  const time = clock(schedule.minuteOfDay);
  if (schedule.testKind === 'function') {
    return t('emergencyPages.schedules.monthlyAt', { day: schedule.day, time, zone: timeZone });
  }
  const month = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2001, (schedule.month ?? 1) - 1, 1)),
  );
  return t('emergencyPages.schedules.yearlyAt', { day: schedule.day, month, time, zone: timeZone });
}
