import {
  epochSeconds,
  epochSecondsOrNull,
  NEXT_RUNS_COUNT,
  nextRuns,
  type OverrideEnd,
  type Schedule,
  type ScheduleAction,
} from '@lightwell/domain';
import type { NetworkRow } from '../db/queries/networks.ts';
import { locationOf, runnable, type ScheduleRow, scheduleTiming } from '../db/queries/schedules.ts';

/** A schedule as listed, with its next firings after `now` in the network's time zone and its manual override. */
export function presentSchedule(
  row: ScheduleRow,
  network: Pick<NetworkRow, 'latitude' | 'longitude' | 'timeZone'>,
  now: Date,
  override: { devices: number; endsAt: Date | null } | null = null,
): Schedule {
  const next = row.enabled ? nextRuns(runnable(row), now, network.timeZone, locationOf(network), NEXT_RUNS_COUNT) : [];
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
    nextRun: next[0] ? epochSeconds(next[0]) : null,
    nextRuns: next.map(epochSeconds),
    lastRun: epochSecondsOrNull(row.lastRunAt),
    createTime: epochSeconds(row.createdAt),
    override: override ? { devices: override.devices, endsAt: epochSecondsOrNull(override.endsAt) } : null,
  };
}
