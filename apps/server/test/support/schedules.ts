import { encodeSchedule } from '@lightwell/domain';

/** A schedule that switches the whole network off every weekday (Mon–Fri) at `hour`:30, as `schedule/add` takes it. */
export function weekdayEvening(hour: number) {
  return {
    kind: 'schedule',
    name: 'Evening',
    targetKind: 'network',
    targetId: null,
    action: { op: 'light', onOff: 0 },
    ...encodeSchedule({
      year: 'every',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      day: 0,
      weekdays: [1, 2, 3, 4, 5],
      hour,
      minute: 30,
      second: 0,
    }),
  };
}
