import {
  type AstroEvent,
  type CallInput,
  decodeSchedule,
  encodeSchedule,
  type HourChoice,
  type MinuteChoice,
  type OverrideEnd,
  type Schedule,
  type ScheduleFields,
} from '@lightwell/domain';

/** What the schedule form holds: the friendly date and time, target, action and override end. */
export interface ScheduleValues {
  name: string;
  kind: 'schedule' | 'astro';
  targetKind: 'scene' | 'group' | 'zone' | 'network';
  targetId: number | null;
  onOff: 0 | 1;
  lightness: number | null;
  year: 'every' | number;
  months: number[];
  day: number;
  weekdays: number[];
  hour: HourChoice;
  minute: MinuteChoice;
  second: MinuteChoice;
  astroEvent: AstroEvent;
  astroShift: number;
  overrideEnd: OverrideEnd;
  overrideValue: number | null;
}

/** The fields of a new schedule (every day at 18:00, switching the network off) or astro timer. */
export function newScheduleValues(kind: ScheduleValues['kind']): ScheduleValues {
  return {
    name: '',
    kind,
    targetKind: 'network',
    targetId: null,
    onOff: kind === 'astro' ? 1 : 0,
    lightness: null,
    ...decodeSchedule({ year: 100, month: 4095, day: 0, dayOfWeek: 127, hour: 18, minute: 0, second: 0 }),
    astroEvent: 'sunset',
    astroShift: 0,
    overrideEnd: 'never',
    overrideValue: null,
  };
}

/** The form fields of a stored schedule. */
export function scheduleValuesOf(schedule: Schedule): ScheduleValues {
  return {
    name: schedule.name,
    kind: schedule.kind,
    targetKind: schedule.targetKind,
    targetId: schedule.targetId,
    onOff: schedule.action.op === 'light' ? schedule.action.onOff : 1,
    lightness: schedule.action.op === 'light' ? (schedule.action.lightness ?? null) : null,
    ...decodeSchedule(schedule),
    astroEvent: schedule.astroEvent ?? 'sunset',
    astroShift: schedule.astroShift,
    overrideEnd: schedule.overrideEnd,
    overrideValue: schedule.overrideValue,
  };
}

/** The encoded date and time fields of the form (section 3), as they will be stored. */
export function encodedFields(values: Pick<ScheduleValues, keyof ReturnType<typeof decodeSchedule>>): ScheduleFields {
  return encodeSchedule({
    year: values.year,
    months: values.months ?? [],
    day: values.day ?? 0,
    weekdays: values.weekdays ?? [],
    hour: values.hour,
    minute: values.minute,
    second: values.second,
  });
}

/** The call payload of the form (without nid or scheduleId). */
export function schedulePayload(values: ScheduleValues): Omit<CallInput<'scheduleAdd'>, 'nid'> {
  const astro = values.kind === 'astro';
  const action =
    values.targetKind === 'scene'
      ? ({ op: 'scene' } as const)
      : {
          op: 'light' as const,
          onOff: values.onOff,
          ...(values.lightness === null ? {} : { lightness: values.lightness }),
        };
  return {
    kind: values.kind,
    name: values.name.trim(),
    targetKind: values.targetKind,
    targetId: values.targetKind === 'network' ? null : values.targetId,
    action,
    ...encodedFields(values),
    ...(astro ? { hour: 0, minute: 0, second: 0 } : {}),
    astroEvent: astro ? values.astroEvent : null,
    astroShift: astro ? values.astroShift : 0,
    overrideEnd: values.overrideEnd,
    overrideValue: values.overrideEnd === 'never' ? null : values.overrideValue,
  };
}
