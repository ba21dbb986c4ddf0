import { nextRun, type OverrideEnd, type Schedule, type ScheduleAction } from '@lightwell/domain';
import type { NetworkRow } from '../db/queries/networks.ts';
import { locationOf, runnable, type ScheduleRow, scheduleTiming } from '../db/queries/schedules.ts';

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** A schedule as listed, with its next run after `now` in the network's time zone and its manual override. */
export function presentSchedule(
  row: ScheduleRow,
  network: Pick<NetworkRow, 'latitude' | 'longitude' | 'timeZone'>,
  now: Date,
  override: { devices: number; endsAt: Date | null } | null = null,
): Schedule {
  const next = row.enabled ? nextRun(runnable(row), now, network.timeZone, locationOf(network)) : null;
  return {
    id: row.id,
    nid: row.nid,
    kind: row.kind as Schedule['kind'],
    name: row.name,
    enabled: row.enabled,
    targetKind: row.targetKind as Schedule['targetKind'],
    targetId: row.targetId,
    action: row.action as ScheduleAction,
    ...scheduleTiming(row),
    overrideEnd: row.overrideEnd as OverrideEnd,
    overrideValue: row.overrideValue,
    nextRun: seconds(next),
    lastRun: seconds(row.lastRunAt),
    createTime: seconds(row.createdAt)!,
    override: override ? { devices: override.devices, endsAt: seconds(override.endsAt) } : null,
  };
}
